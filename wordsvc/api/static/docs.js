// The /docs page: Swagger UI on this service's own OpenAPI document.
window.ui = SwaggerUIBundle({
  url: new URL("../openapi.json", document.currentScript.src).pathname,
  dom_id: "#reference",
  deepLinking: true,
  tryItOutEnabled: false,
});
