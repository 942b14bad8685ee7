// Swagger UI on the service's own OpenAPI document; "Try it out" shows each request as curl.
window.SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#reference', deepLinking: true, tryItOutEnabled: false, displayRequestDuration: true });
