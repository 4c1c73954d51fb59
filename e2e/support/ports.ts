/** Ports of the stack the end-to-end tests start; apart from the development defaults (3000, 8080). */
export const E2E_WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3900);
export const E2E_IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 8990);
/** Short enough that the 30 s token check must refresh (under 60 s of validity left). */
export const E2E_ACCESS_TOKEN_TTL = 45;
