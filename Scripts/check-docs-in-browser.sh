#!/usr/bin/env bash
# Opens the static documentation site that Scripts/build-docs.sh builds in a real headless
# browser (Chromium) and checks that its pages render: the landing page, an operator page and an
# article each show their title once DocC's JavaScript app has run, and a page that links to
# another module links to that module's page. Also checks that every summary on the landing
# page reads in full (a symbol link's text is not dropped) and that the operator page's
# declaration is fully visible at 1280 px. Saves a screenshot of each page in
# .build-docs/screenshots.
#
# The site is served over HTTP from the loopback interface (a static-hosting DocC site does not
# work from file://) by `python3 -m http.server` on a free port.
#
# Usage: Scripts/check-docs-in-browser.sh [--reuse-site] [--no-install]
#   --reuse-site   use .build-docs/site as it is if it exists, instead of running
#                  Scripts/build-docs.sh first
#   --no-install   skip when Chromium is missing instead of trying to install it (CI)
#
# When Chromium is missing the script tries `apt-get install -y chromium` (Debian's package);
# when that is impossible it prints "skipped: ..." and exits 0. It exits non-zero when a check
# fails.
#
# Environment: CHROMIUM (the browser to use), NICE (prefix for the heavy commands, default
# "nice -n 19"), DOCS_OUTPUT (the site, default .build-docs/site).
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
site=${DOCS_OUTPUT:-$root/.build-docs/site}
screenshots=$root/.build-docs/screenshots
nice_prefix=${NICE-nice -n 19}
reuse_site=false
install=true
for argument in "$@"; do
  case $argument in
    --reuse-site) reuse_site=true ;;
    --no-install) install=false ;;
    *)
      echo "usage: $0 [--reuse-site] [--no-install]" >&2
      exit 2
      ;;
  esac
done
start=$SECONDS

find_chromium() {
  local candidate
  for candidate in "${CHROMIUM:-}" chromium chromium-browser google-chrome; do
    if [[ -n $candidate ]] && command -v "$candidate" >/dev/null 2>&1; then
      command -v "$candidate"
      return 0
    fi
  done
  return 1
}

if ! chromium=$(find_chromium); then
  if [[ $install == false ]]; then
    echo "skipped: Chromium is not installed (--no-install)"
    exit 0
  fi
  echo "Chromium is not installed; trying apt-get install -y chromium"
  if command -v apt-get >/dev/null 2>&1 && [[ $(id -u) -eq 0 ]]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y chromium >/dev/null 2>&1 ||
      { apt-get update >/dev/null 2>&1 && apt-get install -y chromium >/dev/null 2>&1; } || true
  fi
  if ! chromium=$(find_chromium); then
    echo "skipped: Chromium is not installed and could not be installed"
    exit 0
  fi
fi
echo "Browser: $("$chromium" --version 2>/dev/null || echo "$chromium")"

if [[ $reuse_site == false || ! -f $site/index.html ]]; then
  DOCS_OUTPUT=$site "$root/Scripts/build-docs.sh"
fi

# A site built for a hosting base path expects to be served below that path.
base_path=$(sed -n 's/.*var baseUrl = "\([^"]*\)".*/\1/p' "$site/index.html" | head -n 1)
base_path=${base_path:-/}
work=$(mktemp -d)
server_pid=
cleanup() {
  if [[ -n $server_pid ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
# The server's root holds the site (below a base path, a link to it) and
# Scripts/docs-layout-probe.html, a page of the same origin that measures other pages in a
# frame (see check_fits).
serve_root=$work/root
mkdir -p "$serve_root"
if [[ $base_path == / ]]; then
  for entry in "$site"/*; do ln -s "$entry" "$serve_root/"; done
else
  mkdir -p "$serve_root$(dirname "${base_path%/}")"
  ln -s "$site" "$serve_root${base_path%/}"
fi
probe_name=__layout-probe.html
cp "$root/Scripts/docs-layout-probe.html" "$serve_root/$probe_name"

# Port 0: the server picks a free port and says which.
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$serve_root" >"$work/server.log" 2>&1 &
server_pid=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's/.*port \([0-9][0-9]*\).*/\1/p' "$work/server.log" | head -n 1)
  [[ -n $port ]] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  sleep 0.1
done
if [[ -z $port ]]; then
  cat "$work/server.log" >&2
  echo "error: the HTTP server did not start" >&2
  exit 1
fi
base_url="http://127.0.0.1:$port${base_path%/}"
echo "Serving $site at $base_url/"

mkdir -p "$screenshots"
failures=0

# check NAME PATH TITLE [TEXT...]: renders PATH, saves a screenshot NAME.png, and checks that the
# page's title heading is TITLE and that the rendered DOM contains each TEXT.
check() {
  local name=$1 path=$2 title=$3
  shift 3
  local dom=$work/$name.html screenshot=$screenshots/$name.png
  rm -f "$screenshot"
  # --virtual-time-budget lets the JavaScript app fetch the page's JSON and render before the
  # DOM is dumped; --no-sandbox because CI runs as root.
  if ! timeout 120 $nice_prefix "$chromium" --headless --no-sandbox --disable-gpu \
    --hide-scrollbars --window-size=1280,900 --virtual-time-budget=15000 \
    --screenshot="$screenshot" --dump-dom "$base_url$path" >"$dom" 2>"$work/$name.log"; then
    echo "FAIL $name: Chromium failed on $base_url$path" >&2
    tail -n 20 "$work/$name.log" >&2
    failures=$((failures + 1))
    return
  fi
  local rendered
  rendered=$(python3 - "$dom" <<'EOF'
import html.parser, sys

class Title(html.parser.HTMLParser):
    """The text of the page's `<h1 class="title">`, which DocC's app renders."""
    def __init__(self):
        super().__init__()
        self.depth, self.text = 0, []
    def handle_starttag(self, tag, attrs):
        if self.depth:
            self.depth += tag not in ("wbr", "br", "img")
        elif tag == "h1" and "title" in (dict(attrs).get("class") or "").split():
            self.depth = 1
    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1
    def handle_data(self, data):
        if self.depth:
            self.text.append(data)

parser = Title()
parser.feed(open(sys.argv[1], encoding="utf-8").read())
print(" ".join("".join(parser.text).split()))
EOF
  )
  local problems=()
  [[ $rendered == "$title" ]] || problems+=("title is \"$rendered\", expected \"$title\"")
  local text
  for text in "$@"; do
    grep -qF -- "$text" "$dom" || problems+=("the rendered page does not contain \"$text\"")
  done
  # A rendered page is a large PNG; a blank one compresses to a few kilobytes.
  local size
  size=$(stat -c %s "$screenshot" 2>/dev/null || echo 0)
  ((size > 40000)) || problems+=("the screenshot is missing or blank ($size bytes)")
  if ((${#problems[@]} == 0)); then
    echo "ok   $name: \"$rendered\" ($path, screenshot ${screenshot#"$root"/})"
  else
    for text in "${problems[@]}"; do echo "FAIL $name ($path): $text" >&2; done
    failures=$((failures + 1))
  fi
}

# check_summaries: on the landing page (rendered by `check landing`), every module's and
# article's summary reads as the site's data says it should, with the text of each symbol it
# links to. A summary that links to a reference the page does not carry loses the link's text
# ("turn a sequence into an ."), which the other checks would not notice.
check_summaries() {
  local report
  if report=$(python3 - "$work/landing.html" "$site/data/documentation.json" <<'EOF'
import html.parser, json, re, sys

class Summaries(html.parser.HTMLParser):
    """The text of each `<div class="abstract">`, and of each link in one, as rendered."""
    def __init__(self):
        super().__init__()
        self.depth, self.summaries, self.links = 0, [], []
    def handle_starttag(self, tag, attrs):
        if self.depth:
            self.depth += tag not in ("wbr", "br", "img")
            if tag == "a":
                self.links.append([self.depth, ""])
        elif tag == "div" and "abstract" in (dict(attrs).get("class") or "").split():
            self.depth = 1
            self.summaries.append("")
    def handle_endtag(self, tag):
        if self.depth:
            if tag == "a" and self.links and self.links[-1][0] == self.depth:
                self.links[-1][0] = None
            self.depth -= 1
    def handle_data(self, data):
        if self.depth:
            self.summaries[-1] += data
            for link in self.links:
                if link[0] is not None:
                    link[1] += data

def plain(content, references):
    """The text DocC renders for inline content; a link shows its reference's title."""
    text = ""
    for item in content:
        kind = item.get("type")
        if kind == "text":
            text += item["text"]
        elif kind == "codeVoice":
            text += item["code"]
        elif kind == "reference":
            reference = references.get(item["identifier"], {})
            text += item.get("overridingTitle") or reference.get("title", "")
        else:
            text += plain(item.get("inlineContent", []), references)
    return text

def squash(text):
    return " ".join(text.split())

dom, data = sys.argv[1], json.load(open(sys.argv[2]))
parser = Summaries()
parser.feed(open(dom, encoding="utf-8").read())
rendered = [squash(summary) for summary in parser.summaries]
problems = []
for summary in parser.summaries:
    if re.search(r"\s[.,;:]|\S {2,}\S", summary):
        problems.append(f"a summary has a gap where a link's text was: {squash(summary)!r}")
problems += ["a summary has a link with no text" for _, text in parser.links if not text.strip()]
references = data["references"]
for section in data["topicSections"]:
    for identifier in section["identifiers"]:
        expected = squash(plain(references[identifier].get("abstract", []), references))
        if expected and expected not in rendered:
            problems.append(f"the summary of {identifier} does not read {expected!r}")
print("\n".join(problems) if problems else f"{len(rendered)} summaries read in full")
sys.exit(1 if problems else 0)
EOF
  ); then
    echo "ok   landing summaries: $report"
  else
    while IFS= read -r line; do echo "FAIL landing summaries: $line" >&2; done <<<"$report"
    failures=$((failures + 1))
  fi
}

# check_fits NAME PATH SELECTOR: renders PATH in a 1280 px wide frame of
# Scripts/docs-layout-probe.html and checks that every element matching SELECTOR shows all of
# its text, neither clipped nor scrolled.
check_fits() {
  local name=$1 path=$2 selector=$3
  local dom=$work/$name-fits.html query report
  query=$(python3 -c 'import sys, urllib.parse
print(urllib.parse.urlencode({"page": sys.argv[1], "selector": sys.argv[2]}))' \
    "$base_url$path" "$selector")
  if ! timeout 120 $nice_prefix "$chromium" --headless --no-sandbox --disable-gpu \
    --hide-scrollbars --window-size=1280,900 --virtual-time-budget=30000 \
    --dump-dom "http://127.0.0.1:$port/$probe_name?$query" >"$dom" 2>"$work/$name-fits.log"; then
    echo "FAIL $name-fits: Chromium failed on $path" >&2
    failures=$((failures + 1))
    return
  fi
  report=$(sed -n 's/.*<pre id="result">\([^<]*\)<\/pre>.*/\1/p' "$dom" | head -n 1)
  if [[ $report == ok* ]]; then
    echo "ok   $name-fits: \"$selector\" at 1280 px: ${report#ok }"
  else
    echo "FAIL $name-fits ($path): \"$selector\" at 1280 px: ${report:-no result}" >&2
    failures=$((failures + 1))
  fi
}

check landing /documentation/ "ObservableBridge" \
  'href="'"${base_path%/}"'/documentation/observablecore"' \
  'href="'"${base_path%/}"'/documentation/observablecore/migratingfromrxswift"' \
  'href="'"${base_path%/}"'/documentation/githubreplay/writingtestswiththereplayserver"'
check_summaries
check operator "/documentation/observablecore/observabletype/flatmaplatest(_:)" \
  "flatMapLatest(_:)" "Projects each element to an inner sequence"
# One of the longest declarations: it must wrap, not be clipped after "(Self.Element) thro".
check_fits operator "/documentation/observablecore/observabletype/flatmaplatest(_:)" \
  ".declaration pre.source"
check article /documentation/observablecore/migratingfromrxswift "Migrating from RxSwift" \
  "Change the import, keep your code"
# ObservableCocoa's ControlProperty links to ObservableCore's Binder, another module's page.
check cross-module-link /documentation/observablecocoa/controlproperty "ControlProperty" \
  'href="'"${base_path%/}"'/documentation/observablecore/binder"'

if ((failures > 0)); then
  echo "error: $failures page check(s) failed" >&2
  exit 1
fi
echo "All page checks passed in $((SECONDS - start))s; screenshots in ${screenshots#"$root"/}"
