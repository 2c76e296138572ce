"""The full-screen deck builder of ``deckcli build``, on Textual: the app and its keys (``app.py``), its dialogs
(``dialogs.py``) and what its panels say (``panels.py``). Imported only by that command: Textual is loaded by no
other."""
