"""Tests of the platform as a whole: the layers' rules, the site's shell, settings, jobs, i18n
and the API's doors."""
