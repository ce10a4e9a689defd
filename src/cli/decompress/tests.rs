//! Each format round-trips through its encoder and `decompressed`; detection looks at
//! content, never names; a corrupt stream says which format it was taken for.

use super::*;
use std::io::Write;

const FORMULA: &[u8] = b"c a formula\np cnf 3 2\n1 -2 0\n2 3 0\n";

/// Everything `decompressed` yields for `bytes`.
fn unpack(bytes: Vec<u8>) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    decompressed(Box::new(io::Cursor::new(bytes)))?.read_to_end(&mut out)?;
    Ok(out)
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

fn xz(data: &[u8]) -> Vec<u8> {
    let mut encoder = liblzma::write::XzEncoder::new(Vec::new(), 6);
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

fn lzma(data: &[u8]) -> Vec<u8> {
    let options = liblzma::stream::LzmaOptions::new_preset(6).unwrap();
    let stream = liblzma::stream::Stream::new_lzma_encoder(&options).unwrap();
    let mut encoder = liblzma::write::XzEncoder::new_stream(Vec::new(), stream);
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

#[test]
fn every_format_is_detected_and_read_back() {
    let packed = [
        (Format::Gzip, gzip(FORMULA)),
        (Format::Xz, xz(FORMULA)),
        (Format::Bzip2, bzip2(FORMULA)),
        (Format::Lzma, lzma(FORMULA)),
        (Format::Plain, FORMULA.to_vec()),
    ];
    for (format, bytes) in packed {
        assert_eq!(detect(&bytes[..HEAD_LEN.min(bytes.len())]), format);
        assert_eq!(unpack(bytes).unwrap(), FORMULA, "{format}");
    }
}

#[test]
fn concatenated_streams_are_all_read() {
    for pack in [gzip, xz, bzip2] {
        let mut bytes = pack(b"p cnf 2 2\n1 0\n");
        bytes.extend(pack(b"2 0\n"));
        assert_eq!(unpack(bytes).unwrap(), b"p cnf 2 2\n1 0\n2 0\n");
    }
}

#[test]
fn corrupt_streams_name_their_format() {
    for (format, pack) in [
        ("xz", xz as fn(&[u8]) -> Vec<u8>),
        ("bzip2", bzip2),
        ("lzma", lzma),
    ] {
        let mut bytes = pack(FORMULA);
        let middle = bytes.len() / 2 + 3;
        bytes[middle] ^= 0x55;
        bytes.truncate(bytes.len() - 4);
        let error = unpack(bytes).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with(&format!("invalid {format} data")),
            "{error}"
        );
    }
}

#[test]
fn text_and_short_inputs_stay_plain() {
    let texts: [&[u8]; 6] = [
        b"",
        b"p",
        b"c comment line\n",
        b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
        b"]\x00\x00\x80\x00", // an lzma header cut short
        b"BZh0 not a block size",
    ];
    for text in texts {
        assert_eq!(
            detect(text),
            Format::Plain,
            "{:?}",
            String::from_utf8_lossy(text)
        );
        assert_eq!(unpack(text.to_vec()).unwrap(), text);
    }
}

#[test]
fn lzma_headers_follow_liblzma_checks() {
    let header = |properties: u8, dictionary: u32, size: u64| {
        let mut bytes = vec![properties];
        bytes.extend(dictionary.to_le_bytes());
        bytes.extend(size.to_le_bytes());
        bytes
    };
    assert!(is_lzma_alone_header(&header(0x5d, 1 << 23, u64::MAX)));
    assert!(is_lzma_alone_header(&header(0x5d, 3 << 20, 1000)));
    assert!(is_lzma_alone_header(&header(0x5d, u32::MAX, 1000)));
    assert!(
        !is_lzma_alone_header(&header(0x5d, 5 << 20, u64::MAX)),
        "not 2^n or 3*2^(n-1)"
    );
    assert!(!is_lzma_alone_header(&header(0x5d, 0, u64::MAX)));
    assert!(
        !is_lzma_alone_header(&header(225, 1 << 23, u64::MAX)),
        "properties too large"
    );
    assert!(
        !is_lzma_alone_header(&header(4 + 9, 1 << 23, u64::MAX)),
        "lc 4 + lp 1 > 4"
    );
    assert!(
        !is_lzma_alone_header(&header(0x5d, 1 << 23, 1 << 38)),
        "size too large"
    );
}

/// A reader that hands out one byte per call, as a slow pipe may.
struct Trickle(io::Cursor<Vec<u8>>);

impl Read for Trickle {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let end = buffer.len().min(1);
        self.0.read(&mut buffer[..end])
    }
}

#[test]
fn magic_split_over_many_reads_is_still_seen() {
    let mut out = Vec::new();
    decompressed(Box::new(Trickle(io::Cursor::new(lzma(FORMULA)))))
        .unwrap()
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, FORMULA);
}
