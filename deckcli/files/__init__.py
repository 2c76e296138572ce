"""Every file in and out: reading (size limits, decoding, JSON, numbers, CSV) and writing (CSV cells, whole files)."""
