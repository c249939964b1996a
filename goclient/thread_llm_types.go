package agentmemory

import (
	"encoding/json"
	"fmt"
)

// The LLM settings of a thread (docs/llm.md, "Configuration"): sent with
// open_thread under the seed's names; the package validates and stores
// them (THREAD.RUNTIME_CONFIG). The client only encodes.

// LLMProvider says where a thread's model runs.
type LLMProvider string

const (
	// LLMProviderDatabase: DBMS_VECTOR_CHAIN.UTL_TO_GENERATE_TEXT with a
	// credential object.
	LLMProviderDatabase LLMProvider = "database"
	// LLMProviderFunction: a PL/SQL function
	// `function f(p_request in clob) return clob`.
	LLMProviderFunction LLMProvider = "function"
	// LLMProviderClient: the package returns the prompts to the caller and
	// the Go client runs them with the Thread's LLM.
	LLMProviderClient LLMProvider = "client"
)

// LLMConfig is the thread's "llm" key. It never holds a secret: a database
// provider names a credential object, and the package refuses keys such
// as api_key anywhere in it.
type LLMConfig struct {
	Provider LLMProvider `json:"provider"`
	// CredentialName names the database credential (database provider).
	CredentialName string `json:"credential_name,omitempty"`
	// Params are UTL_TO_GENERATE_TEXT's parameters (database provider):
	// provider, model, url, ...
	Params map[string]any `json:"params,omitempty"`
	// FunctionName is the PL/SQL function (function provider), e.g.
	// "APP.MY_LLM_PKG.GENERATE".
	FunctionName string `json:"function_name,omitempty"`
	// Model names the model (function and client providers), recorded with
	// extracted memories.
	Model string `json:"model,omitempty"`
	// SupportsVision lets CAPTION_IMAGE prompts carry the image; false is
	// left out (the package's default).
	SupportsVision bool `json:"supports_vision,omitempty"`
}

// DatabaseLLM is the configuration of a model the database calls through
// the credential object credentialName with UTL_TO_GENERATE_TEXT's params.
func DatabaseLLM(credentialName string, params map[string]any) *LLMConfig {
	return &LLMConfig{Provider: LLMProviderDatabase, CredentialName: credentialName, Params: params}
}

// FunctionLLM is the configuration of a PL/SQL adapter function.
func FunctionLLM(functionName, model string) *LLMConfig {
	return &LLMConfig{Provider: LLMProviderFunction, FunctionName: functionName, Model: model}
}

// ClientLLMConfig is the configuration of a model the Go client runs
// (attach it with ThreadOptions.ClientLLM or Thread.WithLLM).
func ClientLLMConfig(model string) *LLMConfig {
	return &LLMConfig{Provider: LLMProviderClient, Model: model}
}

// ExtractionMode says when memories are extracted.
type ExtractionMode string

const (
	// ExtractionInline: before the call that added the messages returns.
	ExtractionInline ExtractionMode = "INLINE"
	// ExtractionBackground: later, by the store's queue (database-side
	// providers) or a goroutine of the Thread (client provider).
	ExtractionBackground ExtractionMode = "BACKGROUND"
)

// QueueFullBehavior is the seed's BackgroundExtractionQueueFullBehavior.
type QueueFullBehavior string

const (
	QueueFullDrop          QueueFullBehavior = "DROP"
	QueueFullWaitThenDrop  QueueFullBehavior = "WAIT_THEN_DROP"
	QueueFullWaitThenRaise QueueFullBehavior = "WAIT_THEN_RAISE"
)

// MemoryExtractionConfig is the seed's MemoryExtractionConfig: a field
// left omitted (the zero value) takes the package's default.
type MemoryExtractionConfig struct {
	// ExtractMemories: false turns automatic extraction off.
	ExtractMemories Optional[bool] `json:"extract_memories,omitzero"`
	// ExtractionMode: "": INLINE.
	ExtractionMode ExtractionMode `json:"extraction_mode,omitempty"`
	// BackgroundExtractionQueueFullBehavior and
	// BackgroundExtractionQueuePutTimeoutSeconds: what BACKGROUND does when
	// its queue is full.
	BackgroundExtractionQueueFullBehavior      QueueFullBehavior `json:"background_extraction_queue_full_behavior,omitempty"`
	BackgroundExtractionQueuePutTimeoutSeconds Optional[float64] `json:"background_extraction_queue_put_timeout_seconds,omitzero"`
	// MemoryExtractionFrequency: add_messages calls between extractions;
	// -1, every call.
	MemoryExtractionFrequency Optional[int] `json:"memory_extraction_frequency,omitzero"`
	// MemoryExtractionWindow: the most recent messages given as context;
	// -1, the new batch.
	MemoryExtractionWindow Optional[int] `json:"memory_extraction_window,omitzero"`
	// MemoryExtractionTokenLimit caps the prompt; <= 0, no truncation.
	MemoryExtractionTokenLimit Optional[int] `json:"memory_extraction_token_limit,omitzero"`
	// EnableContextSummary keeps the thread's rolling summary.
	EnableContextSummary Optional[bool] `json:"enable_context_summary,omitzero"`
	// ContextSummaryUpdateFrequency: messages between summary refreshes;
	// <= 0, every check.
	ContextSummaryUpdateFrequency Optional[int] `json:"context_summary_update_frequency,omitzero"`
	// MemoryExtractionCustomInstructions are added to the extraction prompt.
	MemoryExtractionCustomInstructions Optional[string] `json:"memory_extraction_custom_instructions,omitzero"`
	// MemoryExtractionInheritMessageMetadata: InheritAllMetadata (the
	// default), InheritNoMetadata or InheritMetadataKeys.
	MemoryExtractionInheritMessageMetadata Optional[MetadataInheritance] `json:"memory_extraction_inherit_message_metadata,omitzero"`
	// LinkExtractionMode is the seed's MemoryLinkExtractionMode, e.g.
	// "POST_EXTRACTION".
	LinkExtractionMode string `json:"link_extraction_mode,omitempty"`
	// ImageContext is the seed's MemoryExtractionImageContext; "": DISABLED.
	ImageContext string `json:"image_context,omitempty"`
}

// MetadataInheritance is the seed's bool | Sequence[str] of
// memory_extraction_inherit_message_metadata.
type MetadataInheritance struct {
	all  bool
	keys []string
}

// InheritAllMetadata: extracted memories inherit all message metadata.
func InheritAllMetadata() MetadataInheritance { return MetadataInheritance{all: true} }

// InheritNoMetadata: extracted memories inherit none.
func InheritNoMetadata() MetadataInheritance { return MetadataInheritance{} }

// InheritMetadataKeys: extracted memories inherit these top-level keys.
func InheritMetadataKeys(keys ...string) MetadataInheritance {
	return MetadataInheritance{keys: append([]string{}, keys...)}
}

// MarshalJSON writes true, false or the list of keys.
func (m MetadataInheritance) MarshalJSON() ([]byte, error) {
	if m.keys != nil {
		return json.Marshal(m.keys)
	}
	return json.Marshal(m.all)
}

// UnmarshalJSON reads true, false or a list of keys.
func (m *MetadataInheritance) UnmarshalJSON(data []byte) error {
	if json.Unmarshal(data, &m.all) == nil {
		m.keys = nil
		return nil
	}
	var keys []string
	if err := json.Unmarshal(data, &keys); err != nil {
		return fmt.Errorf("metadata inheritance %s is neither a bool nor a list of keys", data)
	}
	*m = InheritMetadataKeys(keys...)
	return nil
}

// ImageInputLimitConfig is the seed's ImageInputLimitConfig: omitted fields
// take the package's defaults.
type ImageInputLimitConfig struct {
	MaxRawImageBytes                   Optional[int64] `json:"max_raw_image_bytes,omitzero"`
	MaxImagesPerLLMRequest             Optional[int]   `json:"max_images_per_llm_request,omitzero"`
	MaxTotalRawImageBytesPerLLMRequest Optional[int64] `json:"max_total_raw_image_bytes_per_llm_request,omitzero"`
}
