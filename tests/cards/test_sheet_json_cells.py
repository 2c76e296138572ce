"""A JSON cell of a spreadsheet card list is read by the JSON front door: deckcli's depth limit, a message naming
the file, line and column of the cell, never an internal error; nothing is imported."""

from __future__ import annotations

import json

from dbdump import table_snapshot

HEADER = "number,name,kind,cost,spell_type,text,aliases\n"
IMPORT = ("--game", "boa", "--set", "T1", "--set-name", "Test")


def test_a_cell_nested_100000_deep_is_a_clear_error_and_nothing_is_imported(run, db, tmp_path):
    path = tmp_path / "deep.csv"
    path.write_text(HEADER + "1,Spark,spell,0,basic,Deal 1.,x\n" + "2,Deep,spell,0,basic,Deal 2.," + "[" * 100_000 + "\n",
                    encoding="utf-8")
    before = table_snapshot(db)
    result = run("cards", "import", path, *IMPORT)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{path}: line 3: column G (aliases): not valid JSON: nested too deeply (line 1, column 501 of the cell)",
        "Error: 1 problem found; nothing was imported",
    ]
    assert "internal error" not in result.output
    assert table_snapshot(db) == before


def test_a_cell_that_is_not_valid_json_names_its_cell_and_the_reason(run, db, tmp_path):
    path = tmp_path / "bad.tsv"
    path.write_text(HEADER.replace(",", "\t") + "\t".join(["1", "Spark", "spell", "0", "basic", "Deal 1.", '["a",]'])
                    + "\n", encoding="utf-8")
    result = run("cards", "import", path, *IMPORT)
    assert result.exit_code == 1
    assert (f"{path}: line 2: column G (aliases): not valid JSON: trailing comma before ']' (line 1, column 5 of the"
            " cell)") in result.stderr.splitlines()


def test_a_json_list_cell_still_reads(run, db, tmp_path):
    path = tmp_path / "ok.csv"
    path.write_text(HEADER + '1,Spark,spell,0,basic,Deal 1.,"[""Sparky"", ""Zap; Zap""]"\n', encoding="utf-8")
    result = run("cards", "import", path, *IMPORT)
    assert result.exit_code == 0, result.output
    shown = run("cards", "export", "--game", "boa", "--set", "T1", "--to", "json")
    assert json.loads(shown.stdout)["cards"][0]["aliases"] == ["Sparky", "Zap; Zap"]
