"""A run's records scored together (inputs.score_records: the Orbis records of each rule set a stage at a time)
give each record the report score_record gives it alone, in order, whatever games and unread files are mixed."""

from __future__ import annotations

from pathlib import Path

from orbis_dsl.records.inputs import read_record, score_record, score_records
from orbis_dsl.runtime.score_report import ScoreReport

ROOT = Path(__file__).resolve().parents[2]


def _read(path: Path) -> tuple:
    record, rules, _diags, _texts = read_record(path)
    return (record, rules) if record is not None else (["its messages"], None)


def test_mixed_games_and_unread_files_score_as_each_alone():
    orbis = sorted((ROOT / "examples" / "games").glob("*.json"))
    sheets = sorted((ROOT / "examples" / "terra-mystica").glob("*.json"))[:3] + \
        sorted((ROOT / "examples" / "mondo").glob("*.json"))[:3]
    text = sorted((ROOT / "examples" / "games").glob("*.orbisgame"))
    paths = [p for trio in zip(orbis, sheets, text) for p in trio] + orbis
    read = [_read(p) for p in paths]
    read.insert(2, (["a file that did not read"], None))
    read.insert(7, (["another"], None))
    reports = score_records(read)
    assert len(reports) == len(read)
    kinds = set()
    for (record, rules), report in zip(read, reports):
        if rules is None:
            assert report is None
            continue
        alone = score_record(rules, record)
        assert type(report) is type(alone)
        assert report.to_json_line() == alone.to_json_line()
        kinds.add(type(report) is ScoreReport)
    assert kinds == {True, False}  # Orbis reports (scored together) and score sheets' (one by one)
