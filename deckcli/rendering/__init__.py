"""Pages drawn for people: the one Jinja2 environment of deckcli's templates, headless Chromium and printing HTML to
PDF or PNG. Below ``events/`` (sheets, slips, the site) and ``play/`` (card faces, TTS sheets, proxies), which
keep their own templates and use these."""
