// per-section tests
