module github.com/agentmem/agentmem

go 1.25.11

require (
	github.com/go-logfmt/logfmt v0.6.0
	github.com/godror/godror v0.51.0
	github.com/golang-migrate/migrate/v4 v4.20.1
	github.com/jmoiron/sqlx v1.4.0
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/VictoriaMetrics/easyproto v0.1.4 // indirect
	github.com/godror/knownpb v0.3.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/exp v0.0.0-20250506013437-ce4c2cf36ca6 // indirect
	google.golang.org/protobuf v1.36.11 // indirect
)
