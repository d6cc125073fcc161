/** The product's name, as the API reference page shows it (title and top bar). */
export const REFERENCE_TITLE = 'core-registry — Unified Core Registry API';

/**
 * The top-bar logo of the API reference page, in place of Swagger UI's: the product's name in
 * white on the bar's dark background (SVG, embedded by @fastify/swagger-ui as a data URL).
 */
export const REFERENCE_LOGO = {
  type: 'image/svg+xml',
  content: `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="40" viewBox="0 0 360 40" role="img" aria-label="${REFERENCE_TITLE}">
  <rect x="2" y="6" width="28" height="28" rx="6" fill="#3b82f6"/>
  <path d="M10 14h12M10 20h12M10 26h8" stroke="#ffffff" stroke-width="3" stroke-linecap="round"/>
  <text x="40" y="20" font-family="sans-serif" font-size="17" font-weight="700" fill="#ffffff">core-registry</text>
  <text x="40" y="35" font-family="sans-serif" font-size="11" fill="#d1d5db">Unified Core Registry API</text>
</svg>`,
} as const;
