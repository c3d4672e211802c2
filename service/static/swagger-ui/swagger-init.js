// Lexmechanic's own file (not Swagger UI's): starts Swagger UI with the options the page carries as JSON data,
// so the page runs no inline script and its Content-Security-Policy can say script-src 'self' (docs_page.py).
"use strict";
(function () {
  var options = JSON.parse(document.getElementById("swagger-options").textContent);
  options.presets = [SwaggerUIBundle.presets.apis];
  document.body.style.margin = "0";
  window.ui = SwaggerUIBundle(options);
})();
