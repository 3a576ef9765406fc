#!/usr/bin/env python3
"""Writes the compression rows' text files, once: page.html (about 100 KB,
an article page with navigation, tables and inline markup) and app.js
(about 300 KB, a bundle of modules: functions, objects, strings, comments).

Generated rather than copied so the repository holds no one else's text;
made from a fixed seed with Zipf-distributed words and identifiers, so they
compress like real pages and bundles (HTML about 4-5x with gzip, JavaScript
about 4x), not like repeated filler. The files are kept in the repository:
run this again only to change them.

    bench/text/make_text.py
"""

import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = 20261125

SYLLABLES = ["ka", "to", "re", "mi", "san", "lo", "ver", "nu", "pra", "di", "el", "on", "qua",
             "sti", "mor", "ben", "tal", "ix", "ur", "gen", "pol", "fa", "we", "chi", "dra", "ly"]


def vocabulary(rng, n, lo=1, hi=4):
    words = set()
    while len(words) < n:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(lo, hi))))
    return sorted(words)


def zipf_picker(rng, items, s=1.1):
    weights = [1 / (i + 1) ** s for i in range(len(items))]
    shuffled = items[:]
    rng.shuffle(shuffled)
    return lambda: rng.choices(shuffled, weights)[0]


def sentence(rng, word):
    words = [word() for _ in range(rng.randint(6, 22))]
    words[0] = words[0].capitalize()
    for i in range(1, len(words) - 1):
        if rng.random() < 0.08:
            words[i] += ","
    return " ".join(words) + rng.choice([".", ".", ".", "?", "!"])


def html(rng, target):
    word = zipf_picker(rng, vocabulary(rng, 3000))
    cls = zipf_picker(rng, [f"{a}-{b}" for a in ("card", "nav", "btn", "col", "row", "text", "media", "list")
                            for b in ("item", "title", "body", "lg", "sm", "muted", "primary", "inner")])
    out = ["<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
           f"<title>{sentence(rng, word)[:60]}</title>\n",
           "<link rel=\"stylesheet\" href=\"/static/css/site.css\">\n</head>\n<body>\n",
           "<header class=\"site-header\">\n<nav class=\"nav\">\n<ul class=\"nav-list\">\n"]
    for _ in range(12):
        w = word()
        out.append(f"<li class=\"{cls()}\"><a href=\"/{w}/\">{w.capitalize()}</a></li>\n")
    out.append("</ul>\n</nav>\n</header>\n<main class=\"content\">\n")
    size = sum(map(len, out))
    section = 0
    while size < target:
        section += 1
        parts = [f"<section id=\"s{section}\" class=\"{cls()}\">\n<h2>{sentence(rng, word)[:-1]}</h2>\n"]
        for _ in range(rng.randint(2, 6)):
            text = " ".join(sentence(rng, word) for _ in range(rng.randint(2, 6)))
            words = text.split(" ")
            for _ in range(rng.randint(0, 3)):
                i = rng.randrange(len(words))
                tag = rng.choice(["a", "em", "strong", "code"])
                if tag == "a":
                    words[i] = f"<a href=\"/{word()}/{word()}.html\" class=\"{cls()}\">{words[i]}</a>"
                else:
                    words[i] = f"<{tag}>{words[i]}</{tag}>"
            parts.append(f"<p class=\"{cls()}\">{' '.join(words)}</p>\n")
        if rng.random() < 0.3:
            parts.append("<table class=\"table\">\n<thead><tr><th>Name</th><th>Value</th><th>Change</th></tr></thead>\n<tbody>\n")
            for _ in range(rng.randint(4, 12)):
                parts.append(f"<tr><td>{word()}</td><td>{rng.randint(0, 99999)}</td>"
                             f"<td class=\"{rng.choice(['up', 'down'])}\">{rng.uniform(-9, 9):.2f}%</td></tr>\n")
            parts.append("</tbody>\n</table>\n")
        if rng.random() < 0.4:
            parts.append(f"<figure class=\"{cls()}\"><img src=\"/img/{word()}-{rng.randint(1, 999)}.jpg\" "
                         f"alt=\"{sentence(rng, word)[:40]}\" width=\"{rng.choice([320, 640, 800])}\" height=\"{rng.choice([200, 400, 450])}\">"
                         f"<figcaption>{sentence(rng, word)}</figcaption></figure>\n")
        parts.append("</section>\n")
        out.extend(parts)
        size += sum(map(len, parts))
    out.append("</main>\n<footer class=\"site-footer\"><p>&copy; 2026</p></footer>\n"
               "<script src=\"/static/js/app.js\" defer></script>\n</body>\n</html>\n")
    return "".join(out)


def javascript(rng, target):
    ident = zipf_picker(rng, vocabulary(rng, 1500, 1, 3))
    word = zipf_picker(rng, vocabulary(rng, 2000))

    def name():
        first = ident()
        return first + "".join(ident().capitalize() for _ in range(rng.randint(0, 2)))

    def expr(depth=0):
        r = rng.random()
        if depth > 2 or r < 0.3:
            return rng.choice([name(), str(rng.randint(0, 1000)), f"\"{word()}\"", "null", "this." + name()])
        if r < 0.5:
            return f"{expr(depth + 1)} {rng.choice(['+', '-', '*', '===', '!==', '&&', '||', '<', '>='])} {expr(depth + 1)}"
        if r < 0.75:
            return f"{name()}({', '.join(expr(depth + 1) for _ in range(rng.randint(0, 3)))})"
        if r < 0.9:
            return f"{name()}.{name()}({expr(depth + 1)})"
        return "{ " + ", ".join(f"{name()}: {expr(depth + 1)}" for _ in range(rng.randint(1, 3))) + " }"

    def statement(indent):
        pad = "  " * indent
        r = rng.random()
        if r < 0.35:
            return f"{pad}{rng.choice(['const', 'let'])} {name()} = {expr()};\n"
        if r < 0.55:
            return f"{pad}{expr()};\n"
        if r < 0.7 and indent < 4:
            body = "".join(statement(indent + 1) for _ in range(rng.randint(1, 4)))
            return f"{pad}if ({expr()}) {{\n{body}{pad}}}\n"
        if r < 0.78 and indent < 4:
            body = "".join(statement(indent + 1) for _ in range(rng.randint(1, 3)))
            return f"{pad}for (let i = 0; i < {name()}.length; i++) {{\n{body}{pad}}}\n"
        if r < 0.85:
            return f"{pad}// {sentence(rng, word)}\n"
        return f"{pad}return {expr()};\n"

    out = ["\"use strict\";\n"]
    size = len(out[0])
    module = 0
    while size < target:
        module += 1
        parts = [f"\n/**\n * {sentence(rng, word)}\n * @module {name()}\n */\n",
                 f"var __module{module} = (function () {{\n"]
        for _ in range(rng.randint(2, 8)):
            args = ", ".join(name() for _ in range(rng.randint(0, 4)))
            body = "".join(statement(2) for _ in range(rng.randint(2, 10)))
            parts.append(f"  function {name()}({args}) {{\n{body}  }}\n")
        exports = ", ".join(f"{name()}: {name()}" for _ in range(rng.randint(1, 5)))
        parts.append(f"  return {{ {exports} }};\n}})();\n")
        out.extend(parts)
        size += sum(map(len, parts))
    return "".join(out)


def main():
    rng = random.Random(SEED)
    (HERE / "page.html").write_text(html(rng, 100_000))
    (HERE / "app.js").write_text(javascript(rng, 300_000))
    for f in ("page.html", "app.js"):
        print(f, (HERE / f).stat().st_size)


if __name__ == "__main__":
    main()
