/**
 * The path of this app's same-origin proxy to the API (the route folder `app/bff`). The browser reaches
 * the API only through it, so the API base URL it is told is this path, never API_URL.
 */
export const browserApiBasePath = '/bff';
