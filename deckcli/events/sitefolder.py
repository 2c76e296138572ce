"""Writing a site into its folder all or nothing (``event publish``): the site's files and manifest swapped in whole
by the one writer of folders deckcli owns (:mod:`deckcli.files.folderswap`), guarded as the site's manifest says
(:mod:`deckcli.events.sitemanifest`): only a new or empty folder, or deckcli's own site there, is replaced."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from deckcli.files.folderswap import Published


def write_site(folder: str | Path, event: str, build: Callable[[], Mapping[str, str]]) -> Published:
    """Replace ``folder`` (created when missing, with its parents) by the site ``build()`` returns (file name ->
    text) and its manifest. The folder is checked before the site is built, so a folder holding anything but
    deckcli's own site is refused at once (SiteFolderRefused); a failure names the file and leaves the folder as it
    was (SiteNotPublished); a Ctrl-C once the site is in says so."""
    from deckcli.events.sitemanifest import GUARD, check_folder, manifest_bytes
    from deckcli.files.folderswap import write_folder

    return write_folder(folder, GUARD, check_folder, build, lambda files: manifest_bytes(event, files))
