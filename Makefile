# resgen — common tasks. `make help` lists them.
SWIFT ?= swift
EMBEDDED := Sources/ResgenTemplates/EmbeddedTemplates.swift

.PHONY: help build test generate templates demo bench reference clean jsonapi-server

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

build: ## Debug build of everything
	$(SWIFT) build

test: jsonapi-server ## The full test suite (what CI runs): unit, golden, compile, CLI, loopback and JSON:API server tests, then the demo
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build
	$(MAKE) demo

EXAMPLES := blog contacts forum press
REFERENCE := Tests/ResgenReferenceTests/Resources/ReferenceSources

generate: ## Regenerate the examples' golden sources from Schemas/ (review the git diff afterwards)
	$(SWIFT) build --product resgen
	@for example in $(EXAMPLES); do \
	  .build/debug/resgen generate Schemas/$$example --output $(REFERENCE)/$$example || exit 1; \
	done
	git status --short $(REFERENCE)

reference: ## Re-record every golden (sources and diagnostics) through the tests' record mode
	RESGEN_RECORD=1 $(SWIFT) test --filter ResgenReferenceTests || true
	git status --short Tests/

templates: ## Re-embed Templates/*.mustache into the binary
	@{ \
	  echo '// Generated from Templates/ by `make templates`. Do not edit.'; \
	  echo ''; \
	  echo '/// The default templates, embedded so a copied `resgen` binary works without `Templates/`.'; \
	  echo 'public enum EmbeddedTemplates {'; \
	  echo '    /// Template text by name (the file name without `.mustache`).'; \
	  echo '    public static let all: [String: String] = ['; \
	  for f in Templates/*.mustache; do \
	    name=$$(basename $$f .mustache); \
	    echo "        \"$$name\": ##\"\"\""; \
	    cat $$f; \
	    echo ''; \
	    echo '"""##,'; \
	  done; \
	  echo '    ]'; \
	  echo '}'; \
	} > $(EMBEDDED).tmp && mv $(EMBEDDED).tmp $(EMBEDDED)
	@echo "embedded $$(ls Templates/*.mustache | wc -l) templates into $(EMBEDDED)"

demo: ## Generate the Forum client, start a local server and run Examples/ForumDemo against it
	$(SWIFT) run resgen generate Schemas/forum --output Examples/Sources/ForumDemo/Generated
	$(SWIFT) build --package-path Examples --product ForumDemo
	Examples/demo.sh

JSONAPI_VENV := .venv-jsonapi
JSONAPI_REQUIREMENTS := Tests/Servers/jsonapi/requirements.txt

jsonapi-server: $(JSONAPI_VENV)/.installed ## The JSON:API test server's venv (djangorestframework-jsonapi, pinned versions)

$(JSONAPI_VENV)/.installed: $(JSONAPI_REQUIREMENTS)
	@start=$$(date +%s); \
	python3 -m venv $(JSONAPI_VENV) && \
	$(JSONAPI_VENV)/bin/pip install --quiet --disable-pip-version-check -r $(JSONAPI_REQUIREMENTS) && \
	echo "installed the JSON:API server into $(JSONAPI_VENV) in $$(( $$(date +%s) - start )) s"
	@touch $@

bench: ## Benchmarks (release builds): generator on 50/200/1,000 resources, client overhead, loopback GETs, JSON:API decoding
	$(SWIFT) build -c release --product resgen
	Benchmarks/generator.sh 7 50 200 1000
	$(SWIFT) build -c release --package-path Benchmarks --product RuntimeBench
	$(SWIFT) build -c release --package-path Benchmarks --product JSONAPIBench
	Benchmarks/runtime.sh

clean:
	rm -rf .build out $(JSONAPI_VENV)
