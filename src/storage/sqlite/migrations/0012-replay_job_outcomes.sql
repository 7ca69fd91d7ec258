
ALTER TABLE replay_jobs ADD COLUMN status_2xx INTEGER NOT NULL DEFAULT 0;
ALTER TABLE replay_jobs ADD COLUMN status_3xx INTEGER NOT NULL DEFAULT 0;
ALTER TABLE replay_jobs ADD COLUMN status_4xx INTEGER NOT NULL DEFAULT 0;
ALTER TABLE replay_jobs ADD COLUMN status_5xx INTEGER NOT NULL DEFAULT 0;
ALTER TABLE replay_jobs ADD COLUMN unreachable INTEGER NOT NULL DEFAULT 0;
UPDATE replay_jobs SET
  status_2xx = (SELECT count(*) FROM replay_job_items i WHERE i.job_id = replay_jobs.id AND i.status_code < 300),
  status_3xx = (SELECT count(*) FROM replay_job_items i
    WHERE i.job_id = replay_jobs.id AND i.status_code >= 300 AND i.status_code < 400),
  status_4xx = (SELECT count(*) FROM replay_job_items i
    WHERE i.job_id = replay_jobs.id AND i.status_code >= 400 AND i.status_code < 500),
  status_5xx = (SELECT count(*) FROM replay_job_items i WHERE i.job_id = replay_jobs.id AND i.status_code >= 500),
  unreachable = (SELECT count(*) FROM replay_job_items i
    WHERE i.job_id = replay_jobs.id AND i.done = 1 AND i.status_code IS NULL
      AND coalesce(i.error_code, '') <> 'EVENT_NOT_FOUND');
