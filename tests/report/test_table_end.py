"""A line a report template writes straight under a table is a paragraph of its own, not
one more row of the table (scout/report/blocks.py), in the Markdown and in the HTML."""

from __future__ import annotations

import pytest

from scout.report.blocks import end_tables
from scout.report.render import markdown_to_html

TABLE = "| # | name |\n|---:|---|\n| 1 | Octopus |\n"


@pytest.mark.parametrize("after", ["Estimated cost: price per kWh × 2,900 kWh a year.",
                                   "*1 price per year was converted to a price per month*",
                                   "Coste estimado: precio por kWh × 3.000 kWh al año."])
def test_a_line_under_a_table_is_its_own_paragraph(after):
    md = TABLE + after + "\n"
    # markdown-it reads such a line as a row: the note sat in a table cell
    assert markdown_to_html(md).count("<tr>") == 3
    fixed = end_tables(md)
    assert fixed == TABLE + "\n" + after + "\n"
    html = markdown_to_html(fixed)
    assert html.count("<tr>") == 2 and "<p>" in html and after.split()[0] not in \
        html.split("</table>")[0]


def test_tables_rows_fences_and_other_lines_are_kept():
    kept = [TABLE, TABLE + "\nA paragraph after a blank line.\n",
            "| not a table: no delimiter row\nthe same paragraph\n",
            # a fenced block is its own text: a table-looking line in it is left alone
            "```\n| a |\n|---|\nx\n```\n", "~~~~\n| a |\n|---|\n~~~\nx\n~~~~\n"]
    for md in kept:
        assert end_tables(md) == md, md
    # two tables, each ended before its note
    two = TABLE + "note one\n" + TABLE + "note two\n"
    assert end_tables(two) == TABLE + "\nnote one\n" + TABLE + "\nnote two\n"
