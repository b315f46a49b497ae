/** The API's version, shown in the OpenAPI document and /healthz. */
export const TROVE_VERSION = '0.1.0';
