"""The deck being built in ``deckcli build``: held in memory with undo and redo (``draft.py``), opened and saved
(``opening.py``), searched for cards (``pool.py``), checked, curved and weighed after every change
(``analysis.py``), and exported (``exporting.py``). No terminal here: ``deckcli/cli/builder/`` draws it."""
