/** Numbers stated by the product specification; named here so no view hard-codes them. */
export const TOKEN_CHECK_INTERVAL_MS = 30_000;
/** The periodic check refreshes the access token when it has less than this many seconds left. */
export const TOKEN_MIN_VALIDITY_S = 60;
/** The API client refreshes before a call when the token has less than this many seconds left. */
export const API_TOKEN_MIN_VALIDITY_S = 5;
/** keycloak-js message timeout, reused for the identity-provider reachability probe. */
export const IDP_MESSAGE_TIMEOUT_MS = 10_000;

export const NOTIFICATION_LIFE_MS = 6000;
export const TOAST_PLACEMENT = 'topRight' as const;

export const SIDE_MENU_HEIGHT = 'calc(100vh - 290px)';
export const SIDE_MENU_TRANSITION_MS = 350;
export const SCROLL_HEIGHT_NOTIFICATIONS_PX = 300;
/** The header's notifications refresh this often while the tab is visible. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;
export const SCROLL_HEIGHT_MEDIUM_PX = 224;
export const SCROLL_HEIGHT_LARGE_PX = 245;

/** An automatic reload (failed sign-in setup, failed chunk load) happens at most once per this period. */
export const AUTO_RELOAD_MIN_INTERVAL_MS = 60_000;

export const HOME_PATH = '/';
