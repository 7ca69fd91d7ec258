
CREATE FUNCTION rehook_try_jsonb(body bytea) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN convert_from(body, 'UTF8')::jsonb;
EXCEPTION WHEN others THEN
  RETURN NULL;
END
$$;
