import { type ApiTransport, dataOf, id, isObject } from './transport.js';
import type { Replay, ReplayOptions, ReplayRun } from './types.js';

/** One replay (`repeat` absent: the Replay), or `repeat` of them with their summary. */
export async function replay(
  api: ApiTransport,
  eventId: string,
  options: ReplayOptions & { readonly repeat?: number | undefined },
): Promise<Replay | ReplayRun> {
  const body = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const path = `/api/v1/events/${id(eventId)}/replay`;
  if (options.repeat === undefined) return (await api.data('POST', path, 'replay', body)) as Replay;
  const response = await api.send('POST', path, body);
  const data = await dataOf(response, (data) => Array.isArray(data['replays']) && isObject(data['summary']));
  return data as unknown as ReplayRun;
}

export async function replays(api: ApiTransport, eventId: string): Promise<Replay[]> {
  return (await api.data('GET', `/api/v1/events/${id(eventId)}/replays`, 'replays')) as Replay[];
}
