/**
 * What the server reads from a stored table's `settings`, worked out once per settings object. A
 * table's settings are fixed when it is made (a changed row brings a new object), and every
 * publish, clock and bot decision asks for them: parsing them each time showed in the server's
 * profile (issue 24). Settings that are not an object (tables stored before settings existed) are
 * read afresh each time; there is nothing to key them by.
 */
export function perSettings<T>(read: (settings: unknown) => T): (stored: { settings?: unknown }) => T {
  const known = new WeakMap<object, { value: T }>();
  return (stored) => {
    const settings = stored.settings;
    if (typeof settings !== 'object' || settings === null) return read(settings);
    let hit = known.get(settings);
    if (hit === undefined) {
      hit = { value: read(settings) };
      known.set(settings, hit);
    }
    return hit.value;
  };
}
