# Sourced by scripts/serve and scripts/test: make .venv with Python 3.11+ and install wordsvc
# into it (again only when pyproject.toml changed). $1 = the pip extras to install, or "".
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "wordsvc needs Python 3.11 or newer; set PYTHON=/path/to/python3.11." >&2
    exit 2
fi
VENV="$ROOT/.venv"
if [ ! -x "$VENV/bin/python" ]; then
    echo "Creating $VENV ..." >&2
    "$PYTHON" -m venv "$VENV"
fi
EXTRAS="${1:-}"
STAMP="$VENV/.installed-$(cat "$ROOT/pyproject.toml" | sha256sum | cut -c1-16)${EXTRAS:+-$EXTRAS}"
if [ ! -f "$STAMP" ]; then
    echo "Installing wordsvc${EXTRAS:+[$EXTRAS]} and its dependencies into $VENV ..." >&2
    "$VENV/bin/python" -m pip install --quiet --upgrade pip >&2
    "$VENV/bin/python" -m pip install --quiet -e "$ROOT${EXTRAS:+[$EXTRAS]}" >&2
    touch "$STAMP"
fi
