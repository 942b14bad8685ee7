// Swagger UI on the service's own OpenAPI document; "Try it out" shows each request as curl. No
// validator: Swagger UI would otherwise send the document's address to validator.swagger.io.
window.SwaggerUIBundle({
  url: '/v1/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  tryItOutEnabled: false,
  displayRequestDuration: true,
  validatorUrl: null,
});
