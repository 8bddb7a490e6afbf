//! The ask_user_question domain.
