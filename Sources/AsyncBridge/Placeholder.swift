// Placeholder: filled in below.
