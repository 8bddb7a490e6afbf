pub mod textarea;
