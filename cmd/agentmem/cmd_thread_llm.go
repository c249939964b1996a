package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// The LLM parts of the thread commands (docs/llm.md, "Go client"): the
// thread's LLM configuration and memory extraction settings on create, the
// client-provider loop of add, and wait.

const threadLLMUsage = `
  create    LLM flags (sent with the thread; the package validates them):
            --llm-provider database|function|client, --llm-model M,
            --llm-credential NAME and --llm-params JSON (database),
            --llm-function PKG.FUNC (function), --llm-vision;
            extraction: --extraction-mode INLINE|BACKGROUND, --extract BOOL,
            --extraction-window N, --extraction-frequency N,
            --extraction-token-limit N, --summary BOOL, --summary-frequency N,
            --instructions TEXT, --inherit-metadata true|false|KEY,KEY...,
            --max-message-tokens N, --shortening-input-limit N
  add       on a thread whose provider is client, runs the prompts the
            package returns with an OpenAI-compatible chat model before it
            exits (in either mode), progress on stderr: --llm-base-url URL
            (default $OPENAI_BASE_URL, else https://api.openai.com/v1),
            --llm-model M (default $AGENTMEM_LLM_MODEL), --llm-key-env NAME
            (the variable holding the API key, default OPENAI_API_KEY; the
            key is never printed), --llm-json-schema
  wait      wait ID waits for the thread's extraction accepted so far:
            --timeout DURATION|none (default 300s); exit status 1 when it
            is still pending`

// defaultLLMBaseURL is where a client-provider thread's prompts go when
// neither --llm-base-url nor $OPENAI_BASE_URL says otherwise.
const defaultLLMBaseURL = "https://api.openai.com/v1"

// llmCreateFlags are create's LLM flags before they become ThreadOptions.
type llmCreateFlags struct {
	provider, model, credential, function string
	params                                agentmemory.Optional[map[string]any]
	vision                                bool
}

// clientLLMFlags are the flags of the model the CLI runs for a
// client-provider thread.
type clientLLMFlags struct {
	baseURL, model, keyEnv string
	jsonSchema             bool
}

// registerLLMCreateFlags adds create's LLM and extraction flags.
func (c *threadCmd) registerLLMCreateFlags(fs *flag.FlagSet) {
	l, x := &c.llmCreate, &c.extraction
	fs.StringVar(&l.provider, "llm-provider", "", "where the thread's model runs: database, function or client")
	fs.StringVar(&l.model, "llm-model", "", "the `model` (database: params.model)")
	fs.StringVar(&l.credential, "llm-credential", "", "the database credential `NAME` (database)")
	fs.Var(jsonObjectFlag{&l.params, false}, "llm-params", "UTL_TO_GENERATE_TEXT parameters, a JSON `object` (database)")
	fs.StringVar(&l.function, "llm-function", "", "the PL/SQL function `PKG.FUNC` (function)")
	fs.BoolVar(&l.vision, "llm-vision", false, "the model reads images (captions)")
	fs.Func("extraction-mode", "INLINE or BACKGROUND", func(s string) error {
		x.ExtractionMode = agentmemory.ExtractionMode(strings.ToUpper(s))
		return nil
	})
	optBoolFlag(fs, "extract", "extract memories `BOOL`", &x.ExtractMemories)
	fs.Var(optIntFlag{&x.MemoryExtractionWindow}, "extraction-window", "messages given as context `N` (-1: the new batch)")
	fs.Var(optIntFlag{&x.MemoryExtractionFrequency}, "extraction-frequency", "add calls between extractions `N` (-1: every call)")
	fs.Var(optIntFlag{&x.MemoryExtractionTokenLimit}, "extraction-token-limit", "prompt token limit `N` (<= 0: none)")
	optBoolFlag(fs, "summary", "keep the thread's summary `BOOL`", &x.EnableContextSummary)
	fs.Var(optIntFlag{&x.ContextSummaryUpdateFrequency}, "summary-frequency", "messages between summary refreshes `N`")
	fs.Var(optStringFlag{&x.MemoryExtractionCustomInstructions}, "instructions", "custom extraction instructions `TEXT`, or none")
	fs.Func("inherit-metadata", "true, false or `KEY,KEY...`", func(s string) error {
		switch strings.ToLower(s) {
		case "true":
			x.MemoryExtractionInheritMessageMetadata = agentmemory.Some(agentmemory.InheritAllMetadata())
		case "false":
			x.MemoryExtractionInheritMessageMetadata = agentmemory.Some(agentmemory.InheritNoMetadata())
		default:
			x.MemoryExtractionInheritMessageMetadata = agentmemory.Some(agentmemory.InheritMetadataKeys(strings.Split(s, ",")...))
		}
		return nil
	})
	fs.Var(optIntFlag{&c.create.MaxMessageTokenLength}, "max-message-tokens", "prompt-time message size `N` in tokens (<= 0: no shortening)")
	fs.Var(optIntFlag{&c.create.MessageShorteningInputTokenLimit}, "shortening-input-limit", "tokens `N` sent to shorten one message")
}

// registerClientLLMFlags adds the flags of the model add runs.
func (c *threadCmd) registerClientLLMFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.client.baseURL, "llm-base-url", "", "the chat API root `URL` (default $OPENAI_BASE_URL, else "+defaultLLMBaseURL+")")
	fs.StringVar(&c.client.model, "llm-model", "", "the chat `model` (default $AGENTMEM_LLM_MODEL)")
	fs.StringVar(&c.client.keyEnv, "llm-key-env", "OPENAI_API_KEY", "the environment variable `NAME` holding the API key")
	fs.BoolVar(&c.client.jsonSchema, "llm-json-schema", false, "ask for the prompt's JSON schema (structured outputs)")
}

func optBoolFlag(fs *flag.FlagSet, name, usage string, p *agentmemory.Optional[bool]) {
	fs.Func(name, usage, func(s string) error {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("%q is neither true nor false", s)
		}
		*p = agentmemory.Some(b)
		return nil
	})
}

// finishLLMCreate turns create's LLM flags into the options: the LLM
// config when a provider is given, the extraction config when any of its
// flags is.
func (c *threadCmd) finishLLMCreate(given map[string]bool) error {
	l := c.llmCreate
	if l.provider == "" {
		for _, name := range []string{"llm-model", "llm-credential", "llm-params", "llm-function", "llm-vision"} {
			if given[name] {
				return usagef("--%s needs --llm-provider", name)
			}
		}
	} else {
		cfg := &agentmemory.LLMConfig{Provider: agentmemory.LLMProvider(strings.ToLower(l.provider)),
			CredentialName: l.credential, FunctionName: l.function, Model: l.model, SupportsVision: l.vision}
		cfg.Params, _ = l.params.Get()
		if cfg.Provider == agentmemory.LLMProviderDatabase && l.model != "" {
			// The database provider names its model in the parameters.
			if cfg.Params == nil {
				cfg.Params = map[string]any{}
			}
			cfg.Params["model"], cfg.Model = l.model, ""
		}
		c.create.LLM = cfg
	}
	for _, name := range []string{"extraction-mode", "extract", "extraction-window", "extraction-frequency",
		"extraction-token-limit", "summary", "summary-frequency", "instructions", "inherit-metadata"} {
		if given[name] {
			x := c.extraction
			c.create.MemoryExtraction = &x
			break
		}
	}
	return nil
}

// runAdd adds the message and, when the package returns client tasks, runs
// them with the chat model before returning.
func (c *threadCmd) runAdd(ctx context.Context, env *cliEnv, s *agentmemory.Store) error {
	th := s.Thread(c.id)
	res, err := th.AddMessages(ctx, []agentmemory.ThreadMessage{c.message})
	if err != nil {
		return err
	}
	var run *agentmemory.LLMRun
	if len(res.LLMTasks) > 0 {
		if run, err = c.runClientTasks(ctx, env, th, res.LLMTasks); err != nil {
			return err
		}
	}
	view := struct {
		*agentmemory.AddResult
		ClientRun *agentmemory.LLMRun `json:"client_run,omitempty"`
	}{res, run}
	return output(env, c.asJSON, view, func(w io.Writer) {
		for _, id := range res.IDs {
			fmt.Fprintln(w, id)
		}
		for _, warning := range res.Warnings {
			fmt.Fprintln(w, "warning:", warning)
		}
		if x := res.Extraction; x != nil && run == nil {
			fmt.Fprintf(w, "extraction: %s, tasks %s, memories %s\n", x.Mode, listText(x.TaskIDs), listText(x.MemoryIDs))
		}
		if run != nil {
			fmt.Fprintf(w, "client LLM: %d tasks in %d rounds, memories %s, relations %s, failed %d\n",
				len(run.TaskIDs), run.Rounds, listText(run.MemoryIDs), listText(run.RelationIDs), len(run.Failed))
			for _, f := range run.Failed {
				fmt.Fprintf(w, "failed task %s: %s\n", f.TaskID, f.Error)
			}
		}
	})
}

// runClientTasks builds the chat model from the flags and the environment
// and runs tasks, reporting progress on stderr.
func (c *threadCmd) runClientTasks(ctx context.Context, env *cliEnv, th *agentmemory.Thread, tasks []agentmemory.LLMTask) (*agentmemory.LLMRun, error) {
	cfg := agentmemory.OpenAIChatLLMConfig{BaseURL: firstNonEmpty(c.client.baseURL, env.Getenv("OPENAI_BASE_URL"), defaultLLMBaseURL),
		Model: firstNonEmpty(c.client.model, env.Getenv("AGENTMEM_LLM_MODEL")), APIKey: env.Getenv(c.client.keyEnv),
		APIKeyEnv: c.client.keyEnv, JSONSchema: c.client.jsonSchema}
	if cfg.Model == "" {
		return nil, fmt.Errorf("thread %s uses the client LLM provider and the package returned %d task(s): "+
			"give --llm-model (or set AGENTMEM_LLM_MODEL); the message is stored, its tasks wait for a client", th.ID(), len(tasks))
	}
	l, err := agentmemory.NewOpenAIChatLLM(cfg)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(env.Stderr, "running %d client LLM task(s) with %s\n", len(tasks), l)
	run, err := th.WithLLM(l, 0).RunLLMTasks(ctx, tasks)
	if run != nil {
		fmt.Fprintf(env.Stderr, "client LLM: %d task(s) in %d round(s), %d failed\n", len(run.TaskIDs), run.Rounds, len(run.Failed))
	}
	return run, err
}

// runWait waits for the thread's extraction and prints the counts.
func (c *threadCmd) runWait(ctx context.Context, env *cliEnv, s *agentmemory.Store) error {
	w, err := s.Thread(c.id).WaitForMemoryExtraction(ctx, c.timeout)
	if w == nil {
		return err
	}
	if perr := output(env, c.asJSON, w, func(out io.Writer) {
		state := "done"
		if !w.Done {
			state = "not done"
		}
		fmt.Fprintf(out, "%s: %d completed, %d failed, %d pending\n", state, w.Completed, w.Failed, w.Pending)
	}); perr != nil {
		return perr
	}
	return err
}

// parseTimeout reads wait's --timeout: a Go duration, or none (no bound).
func parseTimeout(s string) (time.Duration, error) {
	if isNone(s) {
		return -1, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%q is neither a positive duration (e.g. 30s, 5m) nor none", s)
	}
	return d, nil
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// listText prints ids as a comma-separated list, "none" when empty.
func listText(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ",")
}
