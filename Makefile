# Kesher: `make run` and `make test` are all a newcomer needs (see README.md).
BUILD_DIR ?= build
PORT ?= 8080
DATA_DIR ?= data
JOBS ?= $(shell nproc)
SERVER_BIN := $(BUILD_DIR)/server/kesher
PLACES := $(BUILD_DIR)/places.tsv
PERSONAS := $(BUILD_DIR)/personas
# make run SEED_DEMO=0 starts without the demo personas.
SEED_DEMO ?= 1
# make bench-load / bench-connections: the load (docs/performance.md); LOAD_ARGS go to kesher_load.
USERS ?= 10000
RATE ?= 20000
DURATION ?= 30
WARMUP ?= 5
UPLOAD_CHAT_USERS ?= 1000
UPLOAD_CHAT_RATE ?= 500
UPLOAD_CLIENTS ?= 20
CONSOLE_USERS ?= 1000
CONSOLE_RATE ?= 500
COUNT ?= 50000
LOAD_ARGS ?=
RUN_LOAD := BUILD_DIR=$(BUILD_DIR) PLACES=$(PLACES) USERS=$(USERS) RATE=$(RATE) \
  DURATION=$(DURATION) WARMUP=$(WARMUP) COUNT=$(COUNT) server/bench/run_load.sh
# The clang build with AddressSanitizer and UBSan (docs/security.md "Fuzzing"): the server, the
# tests and the libFuzzer targets. make fuzz runs each target FUZZ_SECONDS, FUZZ_JOBS at a time.
ASAN_DIR ?= build-asan
FUZZ_SECONDS ?= 300
# make fuzz-smoke (in make test): 6 s per target (18 now) keeps CI near its 30 minutes; test-asan
# replays every stored corpus besides, and make fuzz is the long run.
FUZZ_SMOKE_SECONDS ?= 6
FUZZ_JOBS ?= 2
FUZZ_TARGETS ?=

.PHONY: cluster run test bootstrap server integration-tests unit-tests bench-tools web places personas unit-test integration-test integration-test-postgres hardening-test integration-test-postgres-shards hardening-test-postgres web-test e2e-test lint format bench bench-web bench-images bench-load bench-floor bench-uploads bench-console bench-connections bench-peers bench-cluster clean asan test-asan fuzz fuzz-smoke

bootstrap:
	@scripts/bootstrap

# A fresh build compiles the core in batches (make test: a minute less); UNITY=OFF for a build
# folder that is edited and rebuilt all day, where a batch would recompile eight files per edit.
UNITY ?= ON
$(BUILD_DIR)/build.ninja:
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release -DKESHER_UNITY=$(UNITY)

server: bootstrap $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS) --target kesher

# The Release build's test programs, each built by the targets that run it.
integration-tests: server
	cmake --build $(BUILD_DIR) -j $(JOBS) --target kesher_integration_tests

unit-tests: server
	cmake --build $(BUILD_DIR) -j $(JOBS) --target kesher_unit_tests

# The benchmark programs (not part of every build).
bench-tools: server
	cmake --build $(BUILD_DIR) -j $(JOBS) --target kesher_bench kesher_discovery_bench kesher_load kesher_relay_floor

web: bootstrap
	cd web && npm run build

places: bootstrap
	@[ -s $(PLACES) ] || node scripts/import-places.mjs $(PLACES)

# Made again when the generator or its writing changed since.
personas: places
	@[ -s $(PERSONAS)/personas.json ] && \
	  [ -z "$$(find scripts/generate-personas.mjs scripts/personas -newer $(PERSONAS)/personas.json)" ] || \
	  node scripts/generate-personas.mjs $(PERSONAS) --places $(PLACES)

run: server web places personas
	$(SERVER_BIN) --port $(PORT) --data $(DATA_DIR) --web web/dist --places $(PLACES) \
	  $(if $(filter 1,$(SEED_DEMO)),--seed-demo $(PERSONAS))

# Two nodes on loopback behind HAProxy, with PostgreSQL and Redis in a temporary folder
# (scripts/cluster, docs/architecture.md "Two shapes"); Ctrl-C stops all of it.
cluster: server web places personas
	BUILD_DIR=$(BUILD_DIR) PORT=$(PORT) PLACES=$(PLACES) PERSONAS=$(PERSONAS) \
	  SEED_DEMO=$(SEED_DEMO) scripts/cluster

unit-test: unit-tests places
	cd $(BUILD_DIR) && KESHER_PLACES=$(abspath $(PLACES)) ctest --output-on-failure -L unit

integration-test: integration-tests places personas
	cd $(BUILD_DIR) && KESHER_PLACES=$(abspath $(PLACES)) KESHER_PERSONAS=$(abspath $(PERSONAS)) \
	  ctest --output-on-failure -j4 -L integration

# The same suite against PostgreSQL (docs/decisions/0015): each test server gets a fresh database
# of a throwaway cluster that each test process starts in a temporary folder (initdb, postgres, a
# Unix socket only) and removes at exit. Against the Release server (the ASan one runs SQLite's).
# Its shards first, then Hardening alone (make test runs the shards beside test-asan).
POSTGRES_TEST_ENV := KESHER_TEST_DATABASE=postgres KESHER_PLACES=$(abspath $(PLACES)) \
  KESHER_PERSONAS=$(abspath $(PERSONAS))
integration-test-postgres: integration-test-postgres-shards hardening-test-postgres

integration-test-postgres-shards: integration-tests places personas
	cd $(BUILD_DIR) && $(POSTGRES_TEST_ENV) ctest --output-on-failure -j4 -L integration -E integration_alone

hardening-test-postgres: integration-tests places personas
	cd $(BUILD_DIR) && $(POSTGRES_TEST_ENV) ctest --output-on-failure -L integration -R integration_alone

# The Hardening suite alone: its time and memory bounds are the Release server's, so test-asan
# skips it (make test runs it here, and against PostgreSQL in hardening-test-postgres).
hardening-test: integration-tests places personas
	cd $(BUILD_DIR) && KESHER_PLACES=$(abspath $(PLACES)) KESHER_PERSONAS=$(abspath $(PERSONAS)) \
	  ctest --output-on-failure -L integration -R integration_alone

# The contract test (web/src/realtime/contract.test.ts) compares the client with the built server.
web-test: server
	cd web && npm run typecheck && KESHER_BIN=$(abspath $(SERVER_BIN)) npm test

# The members' bundle must not carry the staff console (scripts/check-bundles prints both sizes).
e2e-test: server web places personas
	scripts/check-bundles web/dist
	cd web && KESHER_BIN=$(abspath $(SERVER_BIN)) KESHER_PLACES=$(abspath $(PLACES)) \
	  KESHER_PERSONAS=$(abspath $(PERSONAS)) npm run e2e

# The integration tests run against the ASan+UBSan server on SQLite (test-asan), but for Hardening
# (hardening-test, against the Release one), and against the Release server on PostgreSQL. The
# unit tests run once, under ASan and UBSan (test-asan); make unit-test runs the Release ones.
# Steps that mostly wait run side by side, each pair with its output kept together
# (docs/performance.md "make test"):
# - lint (niced) beside Hardening, which waits on its servers' timers and takes little CPU;
# - the ASan server's suite beside the PostgreSQL one's shards: both wait on the servers they
#   start. Hardening against PostgreSQL then runs alone, its bounds measured on a quiet machine.
SUBMAKE := $(MAKE) --no-print-directory
test: integration-tests places personas
	$(SUBMAKE) -j2 --output-sync=target lint hardening-test LINT_PRIORITY="nice -n 19"
	$(SUBMAKE) asan
	$(SUBMAKE) -j2 --output-sync=target test-asan integration-test-postgres-shards
	$(SUBMAKE) hardening-test-postgres fuzz-smoke web-test e2e-test

$(ASAN_DIR)/build.ninja:
	cmake -S . -B $(ASAN_DIR) -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DKESHER_SANITIZE=ON -DKESHER_FUZZ=ON

asan: bootstrap $(ASAN_DIR)/build.ninja
	cmake --build $(ASAN_DIR) -j $(JOBS) --target kesher kesher_unit_tests fuzz_targets

# The sanitized unit tests, the Release build's integration tests against the ASan+UBSan server
# (one set of integration tests is compiled, not two), and every fuzz corpus replayed once.
test-asan: asan integration-tests places personas
	server/tests/run_sanitized.sh $(ASAN_DIR) $(abspath $(PLACES)) $(abspath $(PERSONAS)) $(BUILD_DIR)

fuzz: asan
	server/fuzz/run.sh $(ASAN_DIR) $(FUZZ_SECONDS) $(FUZZ_JOBS) $(FUZZ_TARGETS)

fuzz-smoke: asan
	server/fuzz/run.sh $(ASAN_DIR) $(FUZZ_SMOKE_SECONDS) $(FUZZ_JOBS) $(FUZZ_TARGETS)

# LINT_PRIORITY="nice -n 19" in make test, where lint runs beside the Hardening suite.
LINT_PRIORITY ?=
lint: bootstrap
	$(LINT_PRIORITY) clang-format --dry-run --Werror $$(git ls-files 'server/*.cpp' 'server/*.hpp')
	cd web && $(LINT_PRIORITY) npm run lint

format:
	clang-format -i $$(git ls-files 'server/*.cpp' 'server/*.hpp')
	cd web && npm run format

bench: bench-tools places
	KESHER_PLACES=$(abspath $(PLACES)) KESHER_BENCH_IMAGES=$(abspath $(BUILD_DIR))/bench-images \
	  $(BUILD_DIR)/server/kesher_bench
	$(BUILD_DIR)/server/kesher_discovery_bench --places $(PLACES)
	$(RUN_LOAD) chat $(LOAD_ARGS)
	$(RUN_LOAD) connections $(LOAD_ARGS)

# The first load (docs/performance.md "First load"): Lighthouse 12.2.3 (mobile, simulated throttling)
# with Debian's Chromium against the built client, as a guest on / and /register and signed in on
# /explore; BENCH_WEB_RUNS runs per page, the median goes into docs/performance.md. Lighthouse is
# installed into web/bench (its own package.json and lock) by this target only.
BENCH_WEB_RUNS ?= 3
bench-web: server web places personas
	cd web/bench && ( [ -d node_modules/lighthouse ] || npm ci --no-audit --no-fund )
	KESHER_BIN=$(abspath $(SERVER_BIN)) KESHER_PLACES=$(abspath $(PLACES)) \
	  KESHER_PERSONAS=$(abspath $(PERSONAS)) node web/bench/run-lighthouse.mjs --runs $(BENCH_WEB_RUNS)

# Uploaded pictures: media::normalize against ImageMagick's convert on the same 12 MP JPEG and
# HEIC, each on one core (docs/performance.md "Images").
bench-images: bench-tools
	server/bench/run_images.sh $(BUILD_DIR)

# Chat over real WebSockets at a set rate: delivered messages/s, latency, server RSS and CPU.
bench-load: bench-tools places
	$(RUN_LOAD) chat $(LOAD_ARGS)

# The same chat load against kesher_relay_floor: Kesher's wire pattern with no server behind it, the
# floor the sockets alone set on this machine (docs/performance.md, "The floor").
bench-floor: bench-tools places
	FLOOR_BIN=$(BUILD_DIR)/server/kesher_relay_floor $(RUN_LOAD) chat --logins 0 $(LOAD_ARGS)

# Uploads through POST /upload while members chat (docs/performance.md, "Uploads").
bench-uploads: bench-tools places
	BUILD_DIR=$(BUILD_DIR) PLACES=$(PLACES) USERS=$(UPLOAD_CHAT_USERS) RATE=$(UPLOAD_CHAT_RATE) \
	  DURATION=$(DURATION) WARMUP=$(WARMUP) CLIENTS=$(UPLOAD_CLIENTS) server/bench/run_load.sh uploads $(LOAD_ARGS)

# Members writing to personas: how soon each message is in the staff console's queue
# (docs/performance.md, "Console queue").
bench-console: bench-tools places
	BUILD_DIR=$(BUILD_DIR) PLACES=$(PLACES) USERS=$(CONSOLE_USERS) RATE=$(CONSOLE_RATE) \
	  DURATION=$(DURATION) WARMUP=$(WARMUP) server/bench/run_load.sh console $(LOAD_ARGS)

# Idle authenticated sockets: the server's memory per connection.
bench-connections: bench-tools places
	$(RUN_LOAD) connections $(LOAD_ARGS)

# Kesher and ejabberd (Debian's) under the same chat load, side by side: USERS in pairs, the rate
# stepped up through PEERS_RATES until p99 passes 20 ms, then USERS idle sockets for memory
# (docs/performance.md, "Peer: ejabberd"). About 10 minutes at the defaults.
PEERS_RATES ?= 50 100 200 400 700 1000 1500 2000 3000 4000 5000 6000 7000 8000 9000 10000 11000 12000 14000 16000 18000 20000
PEERS_DURATION ?= 10
PEERS_WARMUP ?= 3
bench-peers: bench-tools places
	BUILD_DIR=$(BUILD_DIR) PLACES=$(PLACES) USERS=$(USERS) RATES="$(PEERS_RATES)" \
	  DURATION=$(PEERS_DURATION) WARMUP=$(PEERS_WARMUP) server/bench/run_peers.sh

# The chat load through HAProxy across the nodes of make cluster (PostgreSQL, Redis): delivered
# rate, latency and each part's CPU per message, one row per rate (docs/performance.md, "Several
# nodes"). About 30 s per rate at the defaults.
CLUSTER_USERS ?= 2000
CLUSTER_RATES ?= 250 500 1000
CLUSTER_DURATION ?= 10
CLUSTER_WARMUP ?= 3
bench-cluster: bench-tools places
	BUILD_DIR=$(BUILD_DIR) USERS=$(CLUSTER_USERS) RATES="$(CLUSTER_RATES)" \
	  DURATION=$(CLUSTER_DURATION) WARMUP=$(CLUSTER_WARMUP) server/bench/run_cluster_load.sh

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) web/dist
