# The two commands of the README: `make demo` and `make test`.
# Both create .venv with nothing but python3 and install what they need.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-dev

.PHONY: demo test lint typecheck pytest docs bench soak clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e '.[dev,bench,rl,openspiel,plot,analysis,parquet,progress,dask,docs]'
	touch $(STAMP)

demo: $(STAMP)
	$(PY) examples/demo.py

test: lint typecheck pytest docs

lint: $(STAMP)
	$(VENV)/bin/ruff check --output-format concise src tests examples benchmarks tools
	$(VENV)/bin/ruff format --check src tests examples benchmarks tools

typecheck: $(STAMP)
	$(VENV)/bin/mypy src

# pytest exits 5 when it collects nothing; that is a failure here too.
pytest: $(STAMP)
	$(PY) -m pytest -q -n auto --dist worksteal

# The documentation site (mkdocs.yml) into site/; any warning fails the build.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet

# Measurements, not tests: every benchmark runs and prints whether it met its target.
bench: $(STAMP)
	for f in benchmarks/bench_*.py; do $(PY) $$f; echo; done

# Long random runs of every game setup (not part of `make test`): 10,000 playouts each.
# Failing games are saved as replayable records in soak-failures/.
soak: $(STAMP)
	$(PY) tools/soak.py

clean:
	rm -rf $(VENV) build dist site soak-failures src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
