#!/usr/bin/env python3
"""Checks that every literal the SwiftUI app shows the player is in App/Localizable.xcstrings with
a German translation (plural strings with their English and German variations), and that the
catalog has no key the app no longer uses. Xcode extracts the keys when it builds; this catches a
missing or stale translation on Linux, where Xcode does not run.

A literal is the first string argument of Text, TextField, Label, Button, Toggle, ProgressView, alert,
navigationTitle, accessibilityLabel/Value/Hint, a LocalizedStringKey-typed property's string
(`case ...: "..."`), or String(localized:). Interpolations become the catalog's
format specifiers: \\(Int(...)) and \\(x.count) are %lld, anything else %@ (the app interpolates
only Int and String).
"""
import json
import pathlib
import re
import sys

app = pathlib.Path(__file__).resolve().parent.parent / "App"
catalog = json.loads((app / "Localizable.xcstrings").read_text())["strings"]

calls = r'(?:Text|TextField|Label|Button|Toggle|ProgressView|alert|navigationTitle|accessibilityLabel|accessibilityValue|accessibilityHint|String\(localized:)'
literal = r'"((?:[^"\\]|\\.)*)"'


def key(text: str) -> str:
    # \(Int(x)) -> %lld, \(x) -> %@, with nested parentheses; \n stays a newline.
    out, i = "", 0
    while i < len(text):
        if text.startswith("\\(", i):
            depth, j = 1, i + 2
            while depth:
                depth += {"(": 1, ")": -1}.get(text[j], 0)
                j += 1
            inner = text[i + 2 : j - 1]
            out += "%lld" if inner.startswith("Int(") or inner.endswith(".count") else "%@"
            i = j
        elif text.startswith("\\n", i):
            out, i = out + "\n", i + 2
        else:
            out, i = out + text[i], i + 1
    return out


def scan(source: str, start: int) -> str:
    """The body of the string literal whose opening quote is at `start`, interpolations included
    (they may hold string literals of their own)."""
    i, depth = start + 1, 0
    while True:
        c = source[i]
        if depth == 0 and c == '"':
            return source[start + 1 : i]
        if c == "\\" and source[i + 1] == "(" and depth == 0:
            depth, i = 1, i + 2
            continue
        if depth:
            if c == '"':  # a literal inside an interpolation
                i = source.index('"', i + 1)
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
        elif c == "\\":
            i += 1
        i += 1


used = set()
for path in sorted(app.glob("*.swift")):
    source = path.read_text()
    # Multi-line string literals ("""...""") passed to Text: joined as Swift joins them.
    for m in re.finditer(r'Text\("""\n(.*?)\n\s*"""\)', source, re.S):
        lines = [line.strip() for line in m.group(1).splitlines()]
        used.add("".join(line[:-1] if line.endswith("\\") else line + "\n" for line in lines).rstrip("\n"))
    for m in re.finditer(calls + r'\(?\s*"(?!"")', source):
        used.add(key(scan(source, m.end() - 1)))
    # The cases of a LocalizedStringKey-typed property (ResultSheet's title and detail).
    for block in re.finditer(r'var \w+: LocalizedStringKey \{\n(.*?)\n    \}\n', source, re.S):
        for m in re.finditer(r'case [^:]+: "', block.group(1)):
            used.add(key(scan(block.group(1), m.end() - 1)))

problems = []
for k in sorted(used):
    entry = catalog.get(k)
    if entry is None:
        problems.append(f"not in the catalog: {k!r}")
    elif "de" not in entry.get("localizations", {}):
        problems.append(f"no German: {k!r}")
for k in sorted(set(catalog) - used):
    problems.append(f"in the catalog but not used: {k!r}")
for p in problems:
    print("check-strings:", p, file=sys.stderr)
print(f"check-strings: {len(used)} strings, {len(catalog)} in the catalog, {len(problems)} problems")
sys.exit(1 if problems else 0)
