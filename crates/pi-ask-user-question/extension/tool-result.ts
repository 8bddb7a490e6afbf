// The result's details as TypeScript types, generated from their JSON Schema by the
// `question` crate (`question::result_typescript_types`); do not edit. A test fails when
// this copy is stale; `UPDATE_SNAPSHOTS=1 cargo test -p pi-ask-user-question` rewrites it.

/** The structured answers of an ask_user_question call. */
export interface ResultDetails {
	/** The questionnaire's title, when it had one. */
	title?: string;
	/** Cancelled, aborted, timed out or without a UI; answers given so far are kept. */
	cancelled: boolean;
	/** Why the call ended without the person's answers. */
	error?: "invalid_questions" | "no_ui" | "aborted" | "timed_out";
	/** With invalid_questions: what to fix. */
	issues?: ResultIssue[];
	/** With invalid_questions: the keys that were ignored. */
	warnings?: ResultIssue[];
	/** By question id. */
	answers: Record<string, AnswerDetails>;
	questions: ResultQuestion[];
	/** The call's valid label overrides, when it sent some. */
	labels?: Record<string, string>;
	/** Where it was answered, when it could have been in more than one place: terminal, web, inbox, or the surface that settled it in the inbox (form, tmux). */
	answeredIn?: string;
	/** MCP: the way the questions reached the person. */
	via?: "form" | "tmux" | "web";
	/** MCP: answered after the call that asked gave up; this is the repeated call's result. */
	answeredAfterCallEnded?: boolean;
}

/** One question, as validated (normalized; confirm's yes/no options included). */
export interface ResultQuestion {
	id: string;
	header: string;
	prompt: string;
	context?: string;
	type: "single" | "multi" | "text" | "confirm" | "number";
	required: boolean;
	options: ResultOption[];
	placeholder?: string;
	/** Present (false) only when the "Type something." row was hidden. */
	allowCustom?: boolean;
	/** Present (true) only for a secret text question. */
	secret?: boolean;
	min?: number;
	max?: number;
	step?: number;
	unit?: string;
}

/** One option, as validated. */
export interface ResultOption {
	value: string;
	label: string;
	description?: string;
	preview?: string;
	recommended: boolean;
}

/** One question's answer, keyed by the question's id. */
export interface AnswerDetails {
	status: "answered" | "skipped";
	/** Picked option values, in option order. */
	values: string[];
	/** The picked options' labels. */
	labels: string[];
	/** Free text, when saved. */
	customText?: string;
	/** A number question's answer. */
	number?: number;
	/** The question's note. */
	note?: string;
	/** Notes on options, by option value. */
	optionNotes?: Record<string, string>;
	/** Text typed but never saved; only the parts that differ from what is saved. */
	draft?: AnswerDraft;
}

/** Text typed but never saved; only the parts that differ from what is saved. */
export interface AnswerDraft {
	text?: string;
	note?: string;
	/** Notes on options, by option value. */
	optionNotes?: Record<string, string>;
}

/** A problem with the input, or a key validation ignored. */
export interface ResultIssue {
	/** A JSON pointer into the input, e.g. /questions/0/options. */
	path: string;
	code: "invalid_type" | "blank" | "empty_questions" | "duplicate_id" | "missing_options" | "unexpected_options" | "duplicate_value" | "reserved_label" | "too_long" | "invalid_number" | "ignored";
	message: string;
}

