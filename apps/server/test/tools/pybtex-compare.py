"""Compares two BibTeX files as pybtex reads them in strict mode, entry by entry and field by field.

Usage: python3 pybtex-compare.py SOURCE EXPORT
Prints JSON: the counts of entries and fields in SOURCE and of those EXPORT keeps, and every difference.
Values are compared up to the differences docs/publications.md calls equivalent: whitespace,
LaTeX escapes or Unicode, "--" or "-" in a page range, a DOI bare or as a doi.org address.
A file pybtex refuses in strict mode fails the script (its message on stderr).
"""
import codecs
import json
import re
import sys

import latexcodec  # noqa: F401 (registers the "ulatex" codec)
from pybtex.database import parse_file
from pybtex.errors import set_strict_mode

set_strict_mode(True)


def normalised(field, value):
    text = codecs.decode(value, 'ulatex')
    text = re.sub(r'\s+', ' ', text).strip()
    if field == 'pages':
        text = re.sub(r'\s*(--|–|-)\s*', '-', text)
    if field == 'doi':
        text = re.sub(r'^(https?://(dx\.)?doi\.org/|doi:\s*)', '', text, flags=re.I)
    return text


def fields_of(entry):
    fields = {name.lower(): normalised(name.lower(), value) for name, value in entry.fields.items()}
    for role, persons in entry.persons.items():
        fields[role.lower()] = ' and '.join(normalised(role, str(p)) for p in persons)
    return fields


source = parse_file(sys.argv[1], bib_format='bibtex')
export = parse_file(sys.argv[2], bib_format='bibtex')
report = {'entries': 0, 'entriesKept': 0, 'fields': 0, 'fieldsKept': 0, 'differences': []}
for key, entry in source.entries.items():
    report['entries'] += 1
    mine = export.entries.get(key)
    theirs = fields_of(entry)
    report['fields'] += len(theirs)
    if mine is None:
        report['differences'].append({'key': key, 'field': None, 'source': 'entry', 'export': None})
        continue
    ours = fields_of(mine)
    same = entry.type.lower() == mine.type.lower()
    if not same:
        report['differences'].append({'key': key, 'field': '@type', 'source': entry.type, 'export': mine.type})
    for name, value in theirs.items():
        if ours.get(name) == value:
            report['fieldsKept'] += 1
        else:
            same = False
            report['differences'].append({'key': key, 'field': name, 'source': value, 'export': ours.get(name)})
    for name in ours.keys() - theirs.keys():
        same = False
        report['differences'].append({'key': key, 'field': name, 'source': None, 'export': ours[name]})
    if same:
        report['entriesKept'] += 1
print(json.dumps(report, ensure_ascii=False, indent=1))
