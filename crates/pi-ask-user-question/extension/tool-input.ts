// The tool's input as TypeScript types, generated from its JSON Schema by the `question`
// crate (`question::typescript_types`); do not edit. A test fails when this copy is stale;
// `UPDATE_SNAPSHOTS=1 cargo test -p pi-ask-user-question` rewrites it.

/** How a question is answered. */
export type QuestionType = "single" | "multi" | "text" | "confirm" | "number";

/** One option of a question. */
export interface ToolInputOption {
	/** Id of the option, unique within the question, e.g. "safe". */
	value?: string;
	/** Text the user sees. */
	label: string;
	/** Optional one-line explanation shown under the label. */
	description?: string;
	/** Optional markdown details (a plan, code, a diff) shown beside or below the options. */
	preview?: string;
	/** Marks your recommendation with a star; it is never selected for the user. */
	recommended?: boolean;
}

/** One question, in any shape the tool accepts. */
export interface ToolInputQuestion {
	/** Unique id of the question; the answers are keyed by it, e.g. "approach". */
	id?: string;
	/** Very short tab label, e.g. "Approach". */
	header?: string;
	/** The question itself: concise, self-contained plain text. */
	prompt?: string;
	/** Optional short markdown summary needed to answer (at most 500 characters). Put longer proposals and tables in your visible reply before the call. */
	context?: string;
	/** single (default): pick one option or type an answer; multi: pick any number; text: free text only, no options; confirm: yes/no, no options; number: a typed number, no options (whole unless step has decimals, within min and max, with an optional unit). */
	type?: QuestionType;
	/** Optional hint for a text or number question, shown while the answer is empty, e.g. "my-service"; never submitted. Ignored on other types. */
	placeholder?: string;
	/** Number questions: the lowest answer allowed. */
	min?: number;
	/** Number questions: the highest answer allowed. */
	max?: number;
	/** Number questions: what the arrow keys add; answers are min (or 0) plus whole steps. Its decimals allow decimal answers (0.5); without it answers are whole numbers. */
	step?: number;
	/** Number questions: the unit shown after the number, e.g. "workers". */
	unit?: string;
	/** Advisory: marks the question as important. The user may still skip it. */
	required?: boolean;
	/** Choices for single and multi questions. A free-text "Type something." entry is added automatically; do not add one. */
	options?: ToolInputOption[];
	/** Alternative to prompt (Claude Code's AskUserQuestion shape); prefer prompt. */
	question?: string;
	/** With question: true makes it a multi question. */
	multiSelect?: boolean;
}

/** UI strings in the user's language. */
export interface ToolInputLabels {
	/** Default: "Question" */
	askUser?: string;
	/** Default: "Yes" */
	yes?: string;
	/** Default: "No" */
	no?: string;
	/** Default: "Type something." */
	typeSomething?: string;
	/** Default: "Your answer" */
	yourAnswer?: string;
	/** Default: "Submit" */
	submit?: string;
	/** Default: "Back to questions" */
	backToEdit?: string;
	/** Default: "Cancel" */
	cancel?: string;
	/** Default: "Review" */
	review?: string;
	/** Default: "Review your answers" */
	reviewHeading?: string;
	/** Default: "required" */
	required?: string;
	/** Default: "unanswered" */
	unanswered?: string;
	/** Default: "Some questions are unanswered. Submit again to send anyway." */
	requiredPending?: string;
	/** Default: "skipped" */
	skipped?: string;
	/** Default: "Skip" */
	skip?: string;
	/** Default: "Done" */
	done?: string;
	/** Default: "Type a number and press Enter; Enter alone skips." */
	lineChoose?: string;
	/** Default: "Type numbers separated by commas; Enter alone skips." */
	lineChooseMany?: string;
	/** Default: "Type y or n (or a number); Enter alone skips." */
	lineConfirm?: string;
	/** Default: "Type your answer and press Enter; Enter alone skips." */
	lineType?: string;
	/** Default: "Press Enter to submit, or type a question number to change its answer." */
	lineReview?: string;
	/** Default: "Not understood" */
	notUnderstood?: string;
	/** Default: "Recommended" */
	recommended?: string;
	/** Default: "Preview" */
	preview?: string;
	/** Default: "No description" */
	noDescription?: string;
	/** Default: "Type your own answer" */
	typeOwn?: string;
	/** Default: "Nothing typed yet" */
	noTextYet?: string;
	/** Default: "Note" */
	note?: string;
	/** Default: "Note on this question" */
	noteForQuestion?: string;
	/** Default: "Note on" */
	noteFor?: string;
	/** Default: "Cancelled" */
	cancelled?: string;
	/** Default: "Cancelled · answers kept" */
	cancelledKept?: string;
	/** Default: "Error" */
	error?: string;
	/** Default: "answered" */
	answered?: string;
	/** Default: "move" */
	move?: string;
	/** Default: "pick" */
	pick?: string;
	/** Default: "select" */
	select?: string;
	/** Default: "toggle" */
	toggle?: string;
	/** Default: "next" */
	next?: string;
	/** Default: "option note" */
	optionNote?: string;
	/** Default: "question note" */
	questionNote?: string;
	/** Default: "clear" */
	clear?: string;
	/** Default: "scroll preview" */
	scrollPreview?: string;
	/** Default: "scroll prompt" */
	scrollPrompt?: string;
	/** Default: "scroll context" */
	scrollContext?: string;
	/** Default: "more" */
	more?: string;
	/** Default: "switch tab" */
	switchTab?: string;
	/** Default: "save" */
	save?: string;
	/** Default: "newline" */
	newline?: string;
	/** Default: "keep draft" */
	keepDraft?: string;
	/** Default: "filter" */
	filter?: string;
	/** Default: "clear filter" */
	clearFilter?: string;
	/** Default: "no matches" */
	noMatches?: string;
	/** Default: "answer" */
	answer?: string;
	/** Default: "collapse" */
	collapse?: string;
	/** Default: "expand" */
	expand?: string;
	/** Default: "editor" */
	externalEditor?: string;
	/** Default: "Esc again cancels; the draft is kept" */
	escAgain?: string;
	/** Default: "draft" */
	draft?: string;
	/** Default: "Timed out · answers kept" */
	timedOut?: string;
	/** Default: "cancel" */
	cancelHint?: string;
	/** Default: "preview" */
	previewHint?: string;
	/** Default: "Saved with Enter; keys typed right after it did nothing" */
	typedAfterSave?: string;
	/** Default: "Typed right after Enter, so kept as a new line" */
	typedAfterEnter?: string;
	/** Default: "step" */
	step?: string;
	/** Default: "answer on a phone" */
	webLink?: string;
	/** Default: "web" */
	webMarker?: string;
	/** Default: "QR code" */
	qrCode?: string;
	/** Default: "any key closes" */
	qrClose?: string;
	/** Default: "make the terminal bigger to show the QR code: needs" */
	qrTooSmall?: string;
	/** Default: "Answered. You can close this page." */
	pageAnswered?: string;
	/** Default: "Cancelled. You can close this page." */
	pageCancelled?: string;
	/** Default: "Answered in the terminal. This page is closed." */
	pageAnsweredInTerminal?: string;
	/** Default: "Answered in the inbox. This page is closed." */
	pageAnsweredInInbox?: string;
	/** Default: "The questionnaire was cancelled. This page is closed." */
	pageCancelledElsewhere?: string;
	/** Default: "No one answered in time. This page is closed." */
	pageTimedOut?: string;
	/** Default: "This questionnaire is closed." */
	pageClosed?: string;
}

/** The tool's input. */
export interface ToolInput {
	/** Optional title shown at the top of the questionnaire. */
	title?: string;
	/** Optional UI strings in the user's language; omitted keys keep the English default, e.g. {"submit": "Enviar", "yes": "Sí"}. */
	labels?: ToolInputLabels;
	/** The questions, asked in order. Give each an id, a header and a prompt. */
	questions: ToolInputQuestion[];
}

