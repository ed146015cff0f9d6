// The /docs page: Swagger UI on this service's own OpenAPI document.
window.ui = SwaggerUIBundle({
  url: new URL("../openapi.json", /** @type {HTMLScriptElement} */ (document.currentScript).src)
    .pathname,
  dom_id: "#reference",
  deepLinking: true,
  tryItOutEnabled: false,
  // No validator badge: it is a picture from another host (and the policy allows none).
  validatorUrl: null,
});
