/**
 * Time zones: the company's default and a workspace's own are IANA names such as Europe/Berlin,
 * America/Argentina/Buenos_Aires or UTC.
 */
export const TIME_ZONE = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/;

/** The hint shown with an error about a time zone. */
export const TIME_ZONE_HINT = 'Use an IANA name such as Europe/Berlin, America/New_York or UTC.';
