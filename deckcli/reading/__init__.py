"""Reading documents from files and text, with error messages in deckcli's own words on every Python."""
