"""Card and counter templates as Jinja runs them: the environment and its search path
(:mod:`~pnpkit.render.templates.environment`), the sandbox's work budget
(:mod:`~pnpkit.render.templates.budget`), compiled templates kept between runs
(:mod:`~pnpkit.render.templates.cache`), the helpers a template calls, checked
(:mod:`~pnpkit.render.templates.helpers`), and a failing template's problem placed at its line
and column (:mod:`~pnpkit.render.templates.error_location`)."""
