"""Components of content: announcements, help, legal documents, the app download and their console
page."""
