//! The questionnaire program.
