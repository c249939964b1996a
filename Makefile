# agentmem — developer entry points. Run "make help" for the list.
#
# Configuration comes from the environment (every variable below has a ?=
# default). The two commands a newcomer needs are "make demo" and "make test".

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

# --- configuration (override from the environment) ---------------------------
GO                ?= go
ORACLE_DSN        ?=
# gvenzl/oracle-free, "full" flavour: the slim flavour removes Oracle Text
# (KEYWORD and HYBRID search) and the regular one removes the Intel MKL and
# oml4py bits that in-database ONNX embedding may need; "-faststart" ships a
# pre-created database so the first start takes seconds, not minutes.
# Pinned by version tag; .github/workflows/oracle.yml uses the same image
# (scripts/scripts_test.go checks that they agree).
ORACLE_IMAGE      ?= gvenzl/oracle-free:23.26.0-full-faststart
ORACLE_CONTAINER  ?= agentmem-oracle
ORACLE_PORT       ?= 1521
ORACLE_PASSWORD   ?= agentmem_sys_dev
APP_USER          ?= agentmem
APP_USER_PASSWORD ?= agentmem_dev
CONTAINER_ENGINE  ?=
DB_WAIT_SECONDS   ?= 600
UTPLSQL_VERSION   ?= v3.2.2
# A versioned zip, not Oracle's permanent "latest" link, so that its SHA256
# (listed beside it on Oracle's Instant Client download page for Linux x86-64)
# stays valid. The value below could not be compared with that page from the
# machine this was written on (no network): a mismatch stops the download
# with the two checksums, and INSTANTCLIENT_SHA256 can be overridden.
INSTANTCLIENT_URL    ?= https://download.oracle.com/otn_software/linux/instantclient/2326000/instantclient-basiclite-linux.x64-23.26.0.0.0.zip
INSTANTCLIENT_SHA256 ?= 94a458f43873a420e5be6fdf18e9a85df0393b4a1e2999ed406d8ec50f235e71
# When set, go test runs through gotestsum (from the Go module proxy) and
# writes JUnit reports go-unit.xml and go-live.xml into this directory (CI).
GO_JUNIT_DIR      ?=
GOTESTSUM_VERSION ?= v1.13.0
FUZZTIME          ?= 20s
ARGS              ?=

export ORACLE_DSN ORACLE_IMAGE ORACLE_CONTAINER ORACLE_PORT ORACLE_PASSWORD \
       APP_USER APP_USER_PASSWORD CONTAINER_ENGINE DB_WAIT_SECONDS \
       UTPLSQL_VERSION INSTANTCLIENT_URL INSTANTCLIENT_SHA256 FUZZTIME GO

# godror (the Oracle driver) is a cgo package: nothing builds without cgo.
export CGO_ENABLED := 1

# Instant Client fetched by "make instantclient": godror loads libclntsh at
# run time from LD_LIBRARY_PATH (it is not linked at build time).
INSTANTCLIENT_DIR := $(CURDIR)/.instantclient/current
ifneq ($(wildcard $(INSTANTCLIENT_DIR)/libclntsh.so*),)
export LD_LIBRARY_PATH := $(INSTANTCLIENT_DIR)$(if $(LD_LIBRARY_PATH),:$(LD_LIBRARY_PATH))
endif

BIN      := bin/agentmem
AGENTMEM := $(CURDIR)/$(BIN)

.PHONY: help test check-cgo fmt-check vet unit test-nocgo lint-sql live go-min build lint fmt bench bench-live fuzz \
        lint-workflows db-up db-down db-logs db-grant instantclient utplsql-install \
        migrate-up migrate-down install-packages doctor demo clean

help: ## list the targets
	@echo "agentmem make targets (configuration through environment variables, see README):"
	@grep -hE '^[a-z][a-z-]*:.*## ' $(MAKEFILE_LIST) | \
	  awk 'BEGIN {FS = ":.*## "}; {printf "  %-18s %s\n", $$1, $$2}'

# --- tests -------------------------------------------------------------------

test: check-cgo fmt-check vet unit test-nocgo lint-sql lint-workflows live ## THE test command: gofmt, vet, unit tests (goclient on both drivers), the cgo-free goclient build, SQL checker, workflow check, live suites when ORACLE_DSN is set

check-cgo:
	@command -v "$${CC:-gcc}" >/dev/null 2>&1 || { \
	  echo "error: C compiler '$${CC:-gcc}' not found. godror (the Oracle driver) is a cgo package, so every" >&2; \
	  echo "       build and test needs one: install gcc (Debian/Ubuntu: apt-get install gcc) or set CC." >&2; \
	  exit 1; }

# The Go files of every package, as "go fmt ./..." sees them (testdata excluded).
GO_FILES = $(GO) list -e -f '{{$$d := .Dir}}{{range .GoFiles}}{{$$d}}/{{.}} {{end}}{{range .CgoFiles}}{{$$d}}/{{.}} {{end}}{{range .TestGoFiles}}{{$$d}}/{{.}} {{end}}{{range .XTestGoFiles}}{{$$d}}/{{.}} {{end}}{{range .IgnoredGoFiles}}{{$$d}}/{{.}} {{end}}' ./...

fmt-check:
	@files="$$(gofmt -l $$($(GO_FILES)))"; \
	if [ -n "$$files" ]; then \
	  echo "error: these files are not gofmt-formatted (run 'make fmt'):" >&2; \
	  echo "$$files" | sed 's|^$(CURDIR)/|  |' >&2; exit 1; \
	fi

vet:
	$(GO) vet ./...

# gotest NAME FORMAT: "go test", or with GO_JUNIT_DIR set gotestsum writing
# $(GO_JUNIT_DIR)/go-NAME.xml (FORMAT: gotestsum's output format).
gotest = $(if $(GO_JUNIT_DIR),mkdir -p '$(GO_JUNIT_DIR)' && $(GO) run gotest.tools/gotestsum@$(GOTESTSUM_VERSION) --format $(2) --junitfile '$(GO_JUNIT_DIR)/go-$(1).xml' --,$(GO) test)

# With ORACLE_DSN set, tests/go runs once, in "live" below, instead of twice.
unit:
	@if [ -z "$${ORACLE_DSN:-}" ]; then \
	  echo "$(GO) test ./..."; $(call gotest,unit,standard-quiet) ./...; \
	else \
	  pkgs="$$($(GO) list ./... | grep -v '/tests/go')"; \
	  echo "$(GO) test <all packages except tests/go>"; $(call gotest,unit,standard-quiet) $$pkgs; \
	fi

lint-sql:
	$(GO) run ./cmd/agentmem lint sql tests/sql

# The library without cgo: godror is left out (driver_godror.go is
# //go:build cgo) and go-ora is its only driver, as for a user who builds
# with CGO_ENABLED=0. The CLI and internal/dbconn still need cgo (godror's
# DSN parser), see docs/drivers.md.
test-nocgo: ## vet and test the goclient library with CGO_ENABLED=0 (go-ora only)
	CGO_ENABLED=0 $(GO) vet ./goclient
	CGO_ENABLED=0 $(GO) test ./goclient

# actionlint is a tool dependency in go.mod (go tool actionlint): no download.
lint-workflows:
	$(GO) tool actionlint -color=false $(wildcard .github/workflows/*.yml .github/workflows/*.yaml)

live:
	@if [ -z "$${ORACLE_DSN:-}" ]; then \
	  echo "SKIPPED: live Go integration suite (tests/go): ORACLE_DSN is not set"; \
	  echo "SKIPPED: utPLSQL suites (tests/sql): ORACLE_DSN is not set"; \
	else \
	  $(MAKE) build; \
	  echo "installing agentmem into the ORACLE_DSN schema before the live suites: $(BIN) migrate up"; \
	  $(AGENTMEM) migrate up; \
	  $(call gotest,live,standard-verbose) -count=1 -v ./tests/go/...; \
	fi

# The lowest Go the module declares (go.mod's go line): the floor its
# dependencies set (golang-migrate v4.20.1 says go 1.25.11), which every
# importer of the library must meet. go-min vets and tests with exactly that
# release, fetched as golang.org/toolchain from the Go proxy, so code that
# needs a newer Go fails here rather than at an importer's. Without access
# to the proxy it says SKIPPED (nothing ran), never passed.
GO_MIN = $(shell awk '$$1 == "go" { print $$2; exit }' go.mod)

go-min: check-cgo ## vet and test the module with the lowest Go release go.mod declares (downloads that toolchain)
	@v="go$(GO_MIN)"; \
	if ! out="$$(GOTOOLCHAIN=$$v $(GO) version 2>&1)"; then \
	  echo "SKIPPED: building with $$v (go.mod's go line): the toolchain cannot be installed from the Go proxy: $$(echo "$$out" | tail -n 1)"; \
	  exit 0; \
	fi; \
	echo "$$out"; \
	echo "GOTOOLCHAIN=$$v $(GO) vet ./... && GOTOOLCHAIN=$$v $(GO) test ./..."; \
	GOTOOLCHAIN=$$v $(GO) vet ./...; \
	GOTOOLCHAIN=$$v $(GO) test ./...

bench: check-cgo ## run the benchmarks (no database needed)
	$(GO) test -run '^$$' -bench . ./...

bench-live: build ## the live benchmarks on ORACLE_DSN (installs agentmem first); reports in tests/go/benchout/
	@[ -n "$${ORACLE_DSN:-}" ] || { echo "error: bench-live needs ORACLE_DSN (make db-up prints it)" >&2; exit 1; }
	$(AGENTMEM) migrate up
	@mkdir -p tests/go/benchout
	$(GO) test -count=1 -run '^$$' -bench Live -benchmem ./tests/go/ | tee tests/go/benchout/go-bench.txt

fuzz: check-cgo ## run every fuzz target for FUZZTIME (default 20s) each
	@scripts/fuzz.sh

# --- build and code hygiene ----------------------------------------------------

build: check-cgo ## build bin/agentmem
	$(GO) build -o $(BIN) ./cmd/agentmem

lint: check-cgo fmt-check vet lint-sql lint-workflows ## gofmt check, go vet, the static PL/SQL checker (agentmem lint) and actionlint

fmt: ## format the Go code in place
	$(GO) fmt ./...

clean: ## remove bin/ and test output files
	rm -rf bin utplsql-junit.xml tests/go/utplsql-junit.xml

# --- development database ------------------------------------------------------

db-up: ## start Oracle Database Free in a container (docker or podman) and print the ORACLE_DSN to export
	@scripts/db.sh up

db-down: ## stop and remove the database container (its data is lost)
	@scripts/db.sh down

db-logs: ## follow the database container's log
	@scripts/db.sh logs

db-grant: ## grant agentmem's privileges in a running container that did not mount scripts/dbinit (CI)
	@scripts/db.sh grant

instantclient: ## download Oracle Instant Client Basic Light (linux x64, SHA256-checked) into .instantclient/
	@scripts/instantclient.sh

utplsql-install: ## install utPLSQL (UTPLSQL_VERSION, default v3.2.2) into the database container (as SYS)
	@scripts/utplsql-install.sh

# --- wrappers over the CLI (need ORACLE_DSN) -------------------------------------

migrate-up: build ## apply pending migrations, then (re)install the packages
	$(AGENTMEM) migrate up $(ARGS)

migrate-down: build ## roll back migrations, destructive: make migrate-down ARGS='--yes 1' (see agentmem help migrate)
	$(AGENTMEM) migrate down $(ARGS)

install-packages: build ## (re)install the PL/SQL packages only
	$(AGENTMEM) install-packages $(ARGS)

doctor: build ## check the database: release, privileges, Oracle Text, migration state
	$(AGENTMEM) doctor $(ARGS)

demo: build ## the whole set-up and tour: Instant Client, a database (container if ORACLE_DSN is unset), migrations, doctor, demo
	@scripts/demo.sh
