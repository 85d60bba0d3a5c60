#!/usr/bin/env python3
"""Checks a static DocC site of the Scenes catalog (Scripts/docc-site-check.sh renders it).

    Scripts/docc-site-check.py SITE CATALOG

SITE is the output of `swift package generate-documentation --target Scenes
--transform-for-static-hosting --output-path SITE`; CATALOG is Sources/Scenes/Scenes.docc.
From the site's render JSON (SITE/data/**.json) and its files it checks that:

- every page has its route (SITE/<path>/index.html) and its JSON, and every tutorial of the
  catalog (Tutorials/*.tutorial) is listed in the table of contents;
- every tutorial has 2-4 sections, each with a paragraph, a still and 2-5 of the scene's steps
  (a scene's step can show several files, one DocC step each; its recording, the step's preview,
  is shared, so the scene's steps are counted by preview), every DocC step a caption, a code
  file and a preview; an intro image; 2-3 questions, each with 2 or more answers, exactly one
  right, every answer with an explanation;
- every image, video and code file a page references exists: images and videos as files of the
  site, code files with their lines inlined in the JSON;
- every internal link (a `doc://` reference, or a `link` reference to a path of the site) goes
  to a page that exists, and to an anchor of that page when it names one.

On failure it prints one line per problem on stdout and exits 1; bad arguments exit 2.
"""

import json
import os
import sys

# DocC's chapter anchors: each chapter of the table of contents (Animdemo.tutorial's @Chapter) is
# a topic of its own in a tutorial's breadcrumbs (hierarchy), with a URL under the table of
# contents, but DocC writes no page for it. Renaming a chapter means changing this list; an
# entry no page references any more is reported, so the list cannot go stale.
CHAPTER_ANCHORS = {
    "/tutorials/animdemo/the-tutorials",
    "/tutorials/animdemo/two-libraries",
}

SECTIONS = range(2, 5)  # sections per tutorial
SCENE_STEPS = range(2, 6)  # the scene's steps per section
QUESTIONS = range(2, 4)  # questions per tutorial


def text_of(content):
    """The plain text of render JSON inline or block content, for emptiness checks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(text_of(item) for item in content)
    if isinstance(content, dict):
        return "".join(text_of(content.get(key)) for key in ("text", "code", "inlineContent", "content"))
    return ""


def identifiers(node):
    """Every reference identifier a render JSON node names, outside its `references`."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("references", "variants"):
                continue
            if key in ("identifier", "media", "runtimePreview", "image", "backgroundImage") and isinstance(value, str):
                yield value
            elif key == "code" and node.get("type") == "step" and isinstance(value, str):
                yield value  # a step's file (elsewhere `code` is the text of code voice)
            elif key in ("tutorials", "identifiers") and isinstance(value, list):
                yield from (item for item in value if isinstance(item, str))
            else:
                yield from identifiers(value)
    elif isinstance(node, list):
        for item in node:
            yield from identifiers(item)


class Site:
    def __init__(self, root):
        self.root = root
        self.problems = []
        self.pages = {}  # route ("/tutorials/scenes/fish") -> render JSON
        data = os.path.join(root, "data")
        for folder, _, files in os.walk(data):
            for name in files:
                if not name.endswith(".json"):
                    continue
                path = os.path.join(folder, name)
                route = "/" + os.path.relpath(path, data)[: -len(".json")]
                try:
                    with open(path, encoding="utf-8") as file:
                        self.pages[route] = json.load(file)
                except (OSError, ValueError) as error:
                    self.problem(route, f"unreadable render JSON: {error}")
        self.used_anchors = set()
        # A broken link is in every page's breadcrumbs and sidebar: one line per link, with the
        # pages that have it.
        self.broken_links = {}

    def problem(self, where, what):
        self.problems.append(f"{where}: {what}")

    def has_route(self, route):
        return os.path.isfile(os.path.join(self.root, route.strip("/"), "index.html"))

    def anchors(self, route):
        page = self.pages.get(route, {})
        found = set()
        for section in page.get("sections", []):
            if section.get("anchor"):
                found.add(section["anchor"])
            for task in section.get("tasks", []):
                if task.get("anchor"):
                    found.add(task["anchor"])
        for section in page.get("primaryContentSections", []):
            for block in section.get("content", []):
                if block.get("type") == "heading" and block.get("anchor"):
                    found.add(block["anchor"])
        return found

    def check_pages(self):
        if not self.pages:
            self.problem(self.root, "no render JSON under data/")
        for route in sorted(self.pages):
            if not self.has_route(route):
                self.problem(route, f"no page: {route.strip('/')}/index.html is missing")

    def check_internal_url(self, where, key, url):
        path, _, anchor = url.partition("#")
        path = path.rstrip("/") or "/"
        if path.lower() in CHAPTER_ANCHORS:
            self.used_anchors.add(path.lower())
            return
        if path not in self.pages or not self.has_route(path):
            self.broken_links.setdefault(f"link {key} goes to {url}, which has no page", []).append(where)
        elif anchor and anchor not in self.anchors(path):
            self.broken_links.setdefault(f"link {key} goes to {url}, whose page has no anchor {anchor}", []).append(where)

    def check_references(self):
        for route, page in sorted(self.pages.items()):
            references = page.get("references", {})
            for key in sorted(set(identifiers(page))):
                if key not in references:
                    self.problem(route, f"{key} is named but not among the page's references")
            for key, reference in sorted(references.items()):
                kind = reference.get("type")
                if kind in ("image", "video"):
                    variants = reference.get("variants") or []
                    if not variants:
                        self.problem(route, f"{kind} {key} has no file")
                    for variant in variants:
                        url = variant.get("url") or ""
                        if not os.path.isfile(os.path.join(self.root, url.lstrip("/"))):
                            self.problem(route, f"{kind} {key}: {url} is not in the site")
                    if kind == "video" and reference.get("poster"):
                        if reference["poster"] not in references:
                            self.problem(route, f"video {key}: its poster {reference['poster']} is not referenced")
                elif kind == "file":
                    if not any(line.strip() for line in reference.get("content") or []):
                        self.problem(route, f"code file {key} is empty or missing")
                elif kind in ("topic", "section"):
                    self.check_internal_url(route, key, reference.get("url") or "")
                elif kind == "link":
                    url = reference.get("url") or ""
                    if url.startswith("/"):
                        self.check_internal_url(route, key, url)
                    elif key.startswith("doc://"):
                        self.problem(route, f"link {key} goes to {url!r}, not a page of the site")
                elif kind == "unresolvable":
                    # A symbol of another module (the standard library's Sendable, Equatable …)
                    # named in a declaration or conformance: DocC keeps it as text. Only symbol
                    # pages have them; in a tutorial it is a link that did not resolve.
                    if not route.startswith("/documentation/"):
                        self.problem(route, f"link {key} does not resolve")
        for link, pages in sorted(self.broken_links.items()):
            more = f" and {len(pages) - 1} more pages" if len(pages) > 1 else ""
            self.problem(pages[0] + more, link)
        for anchor in sorted(CHAPTER_ANCHORS - self.used_anchors):
            self.problem("docc-site-check.py", f"chapter anchor {anchor} is allowed but no page links to it")

    def check_tutorials(self, catalog):
        toc_route = "/tutorials/animdemo"
        toc = self.pages.get(toc_route)
        if toc is None:
            self.problem(toc_route, "the table of contents has no render JSON")
            return
        references = toc.get("references", {})
        listed = []
        volumes = [section for section in toc.get("sections", []) if section.get("kind") == "volume"]
        for volume in volumes:
            for chapter in volume.get("chapters", []):
                if not chapter.get("tutorials"):
                    self.problem(toc_route, f"chapter {chapter.get('name')!r} lists no tutorial")
                if not chapter.get("image"):
                    self.problem(toc_route, f"chapter {chapter.get('name')!r} has no image")
                listed += chapter.get("tutorials", [])
        hero = [section for section in toc.get("sections", []) if section.get("kind") == "hero"]
        if not hero or not hero[0].get("image"):
            self.problem(toc_route, "the table of contents has no intro image")

        routes = []
        for identifier in listed:
            url = references.get(identifier, {}).get("url")
            if not url:
                self.problem(toc_route, f"tutorial {identifier} has no URL")
                continue
            routes.append(url)
            if url not in self.pages:
                self.problem(toc_route, f"tutorial {identifier}: no render JSON data{url}.json")
            if not self.has_route(url):
                self.problem(toc_route, f"tutorial {identifier}: no page {url.strip('/')}/index.html")

        tutorials = os.path.join(catalog, "Tutorials")
        names = sorted(
            name[: -len(".tutorial")]
            for name in os.listdir(tutorials)
            if name.endswith(".tutorial") and name != "Animdemo.tutorial"
        )
        listed_names = {url.rsplit("/", 1)[-1] for url in routes}
        for name in names:
            if name.lower() not in listed_names:
                self.problem(toc_route, f"Tutorials/{name}.tutorial is not in the table of contents")
        if not names:
            self.problem(catalog, "no tutorials in Tutorials/")

        for route in routes:
            if route in self.pages:
                self.check_tutorial(route, self.pages[route])

    def check_tutorial(self, route, page):
        if page.get("kind") != "project":
            self.problem(route, f"is a {page.get('kind')!r} page, not a tutorial")
            return
        sections = page.get("sections", [])
        hero = [section for section in sections if section.get("kind") == "hero"]
        if not hero or not hero[0].get("image"):
            self.problem(route, "no intro image")
        tasks = [task for section in sections if section.get("kind") == "tasks" for task in section.get("tasks", [])]
        if len(tasks) not in SECTIONS:
            self.problem(route, f"{len(tasks)} sections, not {SECTIONS.start}-{SECTIONS.stop - 1}")
        for number, task in enumerate(tasks, 1):
            where = f"{route} section {number} ({task.get('title')!r})"
            intro = task.get("contentSection") or [{}]
            if not text_of(intro[0].get("content")).strip():
                self.problem(where, "no paragraph")
            if not intro[0].get("media"):
                self.problem(where, "no still")
            steps = [step for step in task.get("stepsSection", []) if step.get("type") == "step"]
            previews = []
            for index, step in enumerate(steps, 1):
                if not text_of(step.get("content")).strip():
                    self.problem(where, f"step {index} has no caption")
                if not step.get("code"):
                    self.problem(where, f"step {index} has no code file")
                preview = step.get("runtimePreview") or step.get("media")
                if not preview:
                    self.problem(where, f"step {index} has no preview")
                elif preview not in previews:
                    previews.append(preview)
            if len(previews) not in SCENE_STEPS:
                self.problem(
                    where, f"{len(previews)} of the scene's steps, not {SCENE_STEPS.start}-{SCENE_STEPS.stop - 1}"
                )
        questions = [
            question
            for section in sections
            if section.get("kind") == "assessments"
            for question in section.get("assessments", [])
        ]
        if len(questions) not in QUESTIONS:
            self.problem(route, f"{len(questions)} questions, not {QUESTIONS.start}-{QUESTIONS.stop - 1}")
        for number, question in enumerate(questions, 1):
            where = f"{route} question {number}"
            if not text_of(question.get("title")).strip():
                self.problem(where, "no question")
            choices = question.get("choices", [])
            if len(choices) < 2:
                self.problem(where, f"{len(choices)} answers, not 2 or more")
            right = sum(1 for choice in choices if choice.get("isCorrect"))
            if right != 1:
                self.problem(where, f"{right} right answers, not 1")
            for index, choice in enumerate(choices, 1):
                if not text_of(choice.get("content")).strip():
                    self.problem(where, f"answer {index} is empty")
                if not text_of(choice.get("justification")).strip():
                    self.problem(where, f"answer {index} has no explanation")


def main(arguments):
    if len(arguments) != 2 or not os.path.isdir(arguments[0]) or not os.path.isdir(arguments[1]):
        print("usage: docc-site-check.py SITE CATALOG (two folders)", file=sys.stderr)
        return 2
    site = Site(arguments[0])
    site.check_pages()
    site.check_tutorials(arguments[1])
    site.check_references()
    for line in site.problems:
        print(line)
    if site.problems:
        print(f"docc-site-check: {len(site.problems)} problems", file=sys.stderr)
        return 1
    tutorials = sum(1 for page in site.pages.values() if page.get("kind") == "project")
    print(f"docc-site-check: {len(site.pages)} pages, {tutorials} tutorials: every page, file and link is there")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
