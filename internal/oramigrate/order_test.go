package oramigrate

import (
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	sqlfiles "github.com/agentmem/agentmem/sql"
)

func spec(name, body string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte("create or replace package " + name + "\nas\n" + body + "\nend " + name + ";\n/\n")}
}

func pbody(name, body string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte("create or replace package body " + name + "\nas\n" + body + "\nend " + name + ";\n/\n")}
}

func TestInstallOrderFollowsSpecReferences(t *testing.T) {
	fsys := fstest.MapFS{
		// a_api names c_types and b_util; b_util names c_types; c_types names
		// a_api only as an accessor, which is no dependency.
		"p/A_API.pks":   spec("a_api", "  x c_types.t_rec;\n  co_n constant pls_integer := b_util.co_max;"),
		"p/A_API.pkb":   pbody("a_api", "  procedure p is begin null; end p;"),
		"p/B_UTIL.pks":  spec("b_util", "  co_max constant pls_integer := 3; -- not a_api: comments do not count\n  y c_types.t_rec;"),
		"p/B_UTIL.pkb":  pbody("b_util", "  s varchar2(10) := 'a_api';"),
		"p/C_TYPES.pks": spec("c_types accessible by (package a_api, package b_util)", "  type t_rec is record (n number);"),
		"p/notes.txt":   {Data: []byte("ignored")},
	}
	got, err := InstallOrderDir(fsys, "p")
	require.NoError(t, err)
	assert.Equal(t, []string{"p/C_TYPES.pks", "p/B_UTIL.pks", "p/A_API.pks", "p/A_API.pkb", "p/B_UTIL.pkb"}, got)
}

func TestInstallOrderCycle(t *testing.T) {
	fsys := fstest.MapFS{
		"p/A.pks": spec("a", "  x b.t;"),
		"p/B.pks": spec("b", "  y c.t;"),
		"p/C.pks": spec("c", "  z a.t;"),
		"p/D.pks": spec("d", "  type t is record (n number);"),
	}
	_, err := InstallOrderDir(fsys, "p")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cycle (A -> B -> C -> A)")
}

func TestInstallOrderRejectsBadFiles(t *testing.T) {
	cases := []struct {
		name, file, text, want string
	}{
		{"two units", "P.pks", "create or replace package p as end p;\n/\ncreate table t (n number);\n",
			"holds 2 statements; a package file must hold exactly one"},
		{"body in spec file", "P.pks", "create or replace package body p as end p;\n/\n",
			"starts with CREATE PACKAGE BODY; a .pks file must hold CREATE PACKAGE"},
		{"no or replace", "P.pks", "create package p as end p;\n/\n", "write CREATE OR REPLACE"},
		{"schema", "P.pks", "create or replace package app.p as end p;\n/\n", "qualified with schema APP"},
		{"file name", "Q.pkb", "create or replace package body p as end p;\n/\n", "name the file after the package it defines (P.pkb)"},
		{"no slash", "P.pks", "create or replace package p as end p;\n", "no closing line holding only '/'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := InstallOrderDir(fstest.MapFS{path.Join("p", c.file): {Data: []byte(c.text)}}, "p")
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.Contains(t, err.Error(), "p/"+c.file)
		})
	}
}

// The embedded packages: every spec before every body, each spec after the
// specs it names, and the facade present.
func TestInstallOrderOfEmbeddedPackages(t *testing.T) {
	got, err := InstallOrder(sqlfiles.FS)
	require.NoError(t, err)
	require.Contains(t, got, "packages/DBMS_AGENT_MEMORY_STORE.pks")
	require.Contains(t, got, "packages/DBMS_AGENT_MEMORY_STORE.pkb")
	require.Contains(t, got, "scheduler/AGENTMEM_JOBS.pks", "the scheduler packages are installed with the others")
	files, err := orderedPackageFiles(sqlfiles.FS, sqlfiles.InstallDirs...)
	require.NoError(t, err)
	pos := map[string]int{}
	seenBody := false
	for i, f := range files {
		assert.Equal(t, got[i], f.Path)
		if f.Body {
			seenBody = true
			continue
		}
		assert.False(t, seenBody, "%s comes after a body", f.Path)
		for _, d := range f.deps {
			_, ok := pos[d]
			assert.True(t, ok, "%s is installed before the spec of %s it references", f.Path, d)
		}
		pos[f.Name] = i
	}
}

func TestPackageVersion(t *testing.T) {
	v, err := PackageVersion(fstest.MapFS{FacadeSpec: spec("dbms_agent_memory_store",
		"  -- co_version constant varchar2(16) := 'not this';\n  co_version constant varchar2(16) := '1.2.3';")})
	require.NoError(t, err)
	assert.Equal(t, "1.2.3", v)

	_, err = PackageVersion(fstest.MapFS{FacadeSpec: spec("dbms_agent_memory_store", "  co_other constant number := 1;")})
	assert.ErrorContains(t, err, "declares no `co_version")

	embedded, err := PackageVersion(sqlfiles.FS)
	require.NoError(t, err)
	assert.Regexp(t, `^\d+\.\d+\.\d+`, embedded)
	src, err := sqlfiles.FS.ReadFile(FacadeSpec)
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(src), "'"+embedded+"'"))
}
