"""Page state of backoffice: the console's shell, staff, audit, reports, platform and players."""
