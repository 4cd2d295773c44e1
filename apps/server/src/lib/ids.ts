const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID (ids in SQL are uuid; anything else cannot exist and answers 404). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
