"""Array ops: shapes and layout, indexing and slicing, gathering and scattering
(`ag.reshape`, `ag.gather`, `t[1:, ::2]`)."""
