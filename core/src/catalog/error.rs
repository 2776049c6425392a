use std::fmt;

/// Why a catalog could not be read. Each variant says what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CatalogError {
    /// The text is larger than [`super::limits::MAX_CATALOG_BYTES`].
    TooLarge { bytes: usize, limit: usize },
    /// The text is not JSON; line and column are 1-based.
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    /// The JSON does not have the catalog's shape. `path` names the value,
    /// e.g. `resource_types["OS::Neutron::Port"].properties.network_id.status`.
    Invalid { path: String, message: String },
    /// A compiled catalog (`heat.bin`) could not be decoded.
    Binary { message: String },
}

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogError::TooLarge { bytes, limit } => write!(
                f,
                "the catalog has {bytes} bytes, more than the {limit} allowed"
            ),
            CatalogError::Syntax {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: not valid JSON: {message}"),
            CatalogError::Invalid { path, message } => write!(f, "{path}: {message}"),
            CatalogError::Binary { message } => {
                write!(f, "the compiled catalog cannot be decoded: {message}")
            }
        }
    }
}

impl std::error::Error for CatalogError {}
