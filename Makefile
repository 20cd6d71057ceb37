# The two commands: `make up` brings MAX up, `make test` runs the tests. Each sets itself up.
VENV ?= .venv
STAMP := $(VENV)/.installed

.PHONY: up test lint bench

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[dev]'
	# The speaker encoder, without its stale webrtcvad pin (pyproject.toml, extra biometrics).
	$(VENV)/bin/pip install --quiet --no-deps resemblyzer==0.1.4
	$(VENV)/bin/pip install --quiet --no-deps moralstrength==0.2.13
	# WordNet 3.0 (Debian's wordnet-base; nltk reads it offline): answers by meaning and reading's
	# themes. Without it answers match lemmas only and themes fall back to TextRank key phrases.
	@test -f /usr/share/wordnet/data.noun || (command -v apt-get >/dev/null && \
	  (apt-get install -y -qq wordnet-base >/dev/null 2>&1 || \
	   (apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq wordnet-base >/dev/null 2>&1))) || \
	  echo "wordnet-base could not be installed: answers match lemmas, themes use key phrases"
	touch $(STAMP)

up: $(STAMP)
	$(VENV)/bin/resident up $(ARGS)

test: $(STAMP)
	$(VENV)/bin/pytest -q $(ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check resident flows tests benchmarks
	$(VENV)/bin/ruff format --check resident flows tests benchmarks
	$(VENV)/bin/mypy resident flows
	$(VENV)/bin/deptry .

bench: $(STAMP)
	# UMLS, Kinships and Nations for benchmarks/learning.py: only pykeen's TSV files are read.
	$(VENV)/bin/pip install --quiet --no-deps pykeen==1.11.1
	$(VENV)/bin/python -m benchmarks $(ARGS)
