#!/usr/bin/env python3
"""Checks the app's translations: every values-<language>/strings.xml has exactly the strings,
plurals and arrays of values/strings.xml, with the same format arguments (%1$s, %2$d, ...) in each
string and plural item, and every array has as many items. The Android build does not check this
(a missing translation silently falls back to English), and no Android build runs here."""
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

res = pathlib.Path(__file__).resolve().parent.parent / "app/src/main/res"


def entries(path):
    out = {}
    for e in ET.parse(path).getroot():
        if e.tag == "string":
            out[(e.tag, e.get("name"))] = [e.text or ""]
        elif e.tag == "plurals":
            out[(e.tag, e.get("name"))] = [i.text or "" for i in e]
        elif e.tag == "string-array":
            out[(e.tag, e.get("name"))] = [str(len(list(e)))]
    return out


def arguments(text):
    return sorted(set(re.findall(r"%\d+\$[sd]", text)))


english = entries(res / "values/strings.xml")
problems = []
languages = sorted(p.parent.name for p in res.glob("values-*/strings.xml"))
for folder in languages:
    translated = entries(res / folder / "strings.xml")
    for key in sorted(set(english) - set(translated)):
        problems.append(f"{folder}: missing {key[0]} {key[1]}")
    for key in sorted(set(translated) - set(english)):
        problems.append(f"{folder}: not in values/: {key[0]} {key[1]}")
    for key in sorted(set(english) & set(translated)):
        if key[0] == "string-array":
            if english[key] != translated[key]:
                problems.append(f"{folder}: {key[1]} has {translated[key][0]} items, not {english[key][0]}")
            continue
        want = arguments(" ".join(english[key]))
        for text in translated[key]:
            if arguments(text) != want and not (key[0] == "plurals" and set(arguments(text)) <= set(want)):
                problems.append(f"{folder}: {key[1]} has arguments {arguments(text)}, not {want}")
for p in problems:
    print("check-strings:", p, file=sys.stderr)
print(f"check-strings: {len(english)} strings in values/, languages {languages}, {len(problems)} problems")
sys.exit(1 if problems else 0)
