"""Judge words, then find the best plays for a hand, through the wordsvc API (standard
library only): python examples/judge_and_solve.py [http://localhost:8000] [word ...]"""

import json
import sys
import urllib.request

API = sys.argv[1] if len(sys.argv) > 1 else "http://localhost:8000"
WORDS = sys.argv[2:] or ["Мама", "пять", "пʼять", "qwerty"]
HAND = {"cards": ["К", "Р", "П", "А", "Н"], "character": "amazon", "budget_ms": 500}


def post(path: str, body: dict) -> dict:
    request = urllib.request.Request(
        API + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


for result in post("/v1/words/check", {"words": WORDS})["results"]:
    if "error" in result:  # not a word at all (Latin letters, digits): no verdict
        print(f"{result['input']}: {result['error']['message']}")
        continue
    refused = [c["message"] for c in result["categories"] if not c["accepted"]]
    hint = f" Did you mean {result['suggestions'][0]['word']}?" if result["suggestions"] else ""
    print(f"{result['word']}: " + ("playable." if result["valid"] else " ".join(refused) + hint))
for play in post("/v1/words-of-magic/solve", HAND)["plays"][:5]:
    print(f"{play.get('word', play['kind'])}: scores {play['score']['total']}")
