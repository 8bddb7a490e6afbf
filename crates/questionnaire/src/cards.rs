//! Transcript cards.
