"""The numbered SQL migrations, shipped as package data; service.migrations finds them with importlib.resources."""
